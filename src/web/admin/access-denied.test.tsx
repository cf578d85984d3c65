import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { AccessDenied } from './access-denied';

const dom = domPerTest();

describe('/admin for a player who is no admin', () => {
  it('names the browser tab after the page', () => {
    document.title = 'FirstGoal';
    dom.render(<AccessDenied />);
    expect(document.title).toBe('Administration · FirstGoal');
  });
});
