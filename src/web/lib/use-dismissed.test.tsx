import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { clearSessionStorageKeys, localKeys } from './local-keys';
import { useDismissed } from './use-dismissed';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useDismissed', () => {
  const dom = domPerTest();
  let seen: ReturnType<typeof useDismissed> | null = null;
  const Probe = () => {
    seen = useDismissed(localKeys.copyBannerDismissed);
    return null;
  };
  beforeEach(() => {
    localStorage.clear();
    seen = null;
  });

  it('keeps what was dismissed across a reload, and forgets it on sign-out', () => {
    dom.render(<Probe />);
    expect(seen?.ids).toEqual([]);
    act(() => seen?.dismiss('team-1'));
    act(() => seen?.dismiss('team-1'));
    expect(seen?.ids).toEqual(['team-1']);
    // A new page load reads it back.
    dom.render(<Probe key="reloaded" />);
    expect(seen?.ids).toEqual(['team-1']);
    clearSessionStorageKeys();
    expect(localStorage.getItem(localKeys.copyBannerDismissed)).toBeNull();
  });

  it('ignores a stored value that is not a list of ids', () => {
    localStorage.setItem(localKeys.copyBannerDismissed, '{"x":1}');
    dom.render(<Probe />);
    expect(seen?.ids).toEqual([]);
    localStorage.setItem(localKeys.copyBannerDismissed, 'not json');
    dom.render(<Probe key="again" />);
    expect(seen?.ids).toEqual([]);
  });
});
