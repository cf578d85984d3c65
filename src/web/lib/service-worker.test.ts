import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

/** A stand-in for the browser's service-worker container (happy-dom has none). */
const fakeContainer = (opts: { controlled: boolean; waiting: boolean }) => {
  const worker = { postMessage: vi.fn(), state: 'installed', addEventListener: vi.fn() };
  const listeners = new Map<string, () => void>();
  const registration = {
    waiting: opts.waiting ? worker : null,
    installing: null,
    addEventListener: vi.fn(),
  };
  const container = {
    controller: opts.controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, worker, fire: (type: string) => listeners.get(type)?.() };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

describe('the service worker', () => {
  it('registers for the whole site and offers a waiting new version, switching only when asked', async () => {
    const { container, worker, fire } = fakeContainer({ controlled: true, waiting: true });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const offers: (() => void)[] = [];
    registerServiceWorker((apply) => offers.push(apply), true);
    await settle();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(offers).toHaveLength(1);
    // Another tab switching versions does not reload this one before the player accepts.
    fire('controllerchange');
    expect(reload).not.toHaveBeenCalled();
    offers[0]?.();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    fire('controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers nothing on a first install, and stays off where disabled', async () => {
    const first = fakeContainer({ controlled: false, waiting: true });
    const offers: unknown[] = [];
    registerServiceWorker((apply) => offers.push(apply), true);
    await settle();
    expect(first.container.register).toHaveBeenCalled();
    expect(offers).toEqual([]);
    const off = fakeContainer({ controlled: true, waiting: true });
    registerServiceWorker((apply) => offers.push(apply), false);
    await settle();
    expect(off.container.register).not.toHaveBeenCalled();
  });
});
