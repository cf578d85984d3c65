import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../../tests/setup/dom';
import { LeagueNotFound } from './league-not-found';

const dom = domPerTest();

describe('League not found', () => {
  it('names the browser tab after itself', () => {
    document.title = 'FirstGoal';
    const router = createMemoryRouter([{ path: '/', element: <LeagueNotFound /> }]);
    dom.render(<RouterProvider router={router} />);
    expect(document.title).toBe('League not found · FirstGoal');
  });
});
