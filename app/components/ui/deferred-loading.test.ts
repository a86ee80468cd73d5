import { describe, expect, it, vi } from "vitest";
import { createPartGates, NEAR_VIEWPORT_MARGIN, type PartGate, USE_EVENTS, watchForFirstUse } from "./deferred-loading.ts";

/** Whether the gate has opened, once the promise callbacks already due have run. */
async function isOpen(gate: PartGate): Promise<boolean> {
  let opened = false;
  void gate.opened.then(() => {
    opened = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return opened;
}

describe("createPartGates", () => {
  it("keeps a gate closed until it is opened", async () => {
    const gates = createPartGates();
    const gate = gates.create();
    expect(await isOpen(gate)).toBe(false);
    gate.open();
    expect(await isOpen(gate)).toBe(true);
  });

  it("opens every gate at once, and every gate created afterwards on creation", async () => {
    const gates = createPartGates();
    const first = gates.create();
    const second = gates.create();
    gates.openAll();
    expect(await isOpen(first)).toBe(true);
    expect(await isOpen(second)).toBe(true);
    expect(await isOpen(gates.create())).toBe(true);
  });

  it("opens only its own gates", async () => {
    const opened = createPartGates();
    const other = createPartGates().create();
    opened.openAll();
    expect(await isOpen(other)).toBe(false);
  });
});

/** A window whose capture listeners the test calls with an event target of its choosing. */
function fakeWindow() {
  const listeners = new Map<string, Set<EventListener>>();
  return {
    addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) {
      expect(options).toEqual({ capture: true });
      if (typeof listener === "function") listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
      if (typeof listener === "function") listeners.get(type)?.delete(listener);
    },
    fire(type: string, target: object) {
      for (const listener of listeners.get(type) ?? []) listener({ type, target } as unknown as Event);
    },
    listening: () => [...listeners.values()].reduce((count, set) => count + set.size, 0),
  };
}

/** A wrapper element holding `inside` and its `children`. */
function fakePart(children: object[]) {
  const inside = { name: "inside" };
  return {
    inside,
    part: {
      contains: (node: unknown) => node === inside || children.includes(node as object),
      children: children as unknown as HTMLCollection,
    },
  };
}

/** An IntersectionObserver the test drives: what it watches, with which margin, and a way to report an entry. */
function fakeObservers() {
  const made: { margin: string | undefined; observed: object[]; disconnected: boolean; report: (isIntersecting: boolean) => void }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const record = {
        margin: options?.rootMargin,
        observed: [] as object[],
        disconnected: false,
        report: (isIntersecting: boolean) => callback([{ isIntersecting } as IntersectionObserverEntry], this as never),
      };
      made.push(record);
      this.record = record;
    }
    record: (typeof made)[number];
    observe(element: object) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  return { made, IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver };
}

describe("watchForFirstUse", () => {
  it.each(USE_EVENTS)("loads on a %s inside the part, once, and stops listening", (type) => {
    const window = fakeWindow();
    const { part, inside } = fakePart([{ name: "child" }]);
    const onUse = vi.fn();
    watchForFirstUse(part, { whenNear: false }, onUse, { window });
    window.fire(type, inside);
    window.fire(type, inside);
    expect(onUse).toHaveBeenCalledTimes(1);
    expect(window.listening()).toBe(0);
  });

  it("ignores what happens outside the part", () => {
    const window = fakeWindow();
    const { part } = fakePart([{ name: "child" }]);
    const onUse = vi.fn();
    watchForFirstUse(part, { whenNear: false }, onUse, { window });
    for (const type of USE_EVENTS) window.fire(type, { name: "elsewhere" });
    expect(onUse).not.toHaveBeenCalled();
    expect(window.listening()).toBe(USE_EVENTS.length);
  });

  it("stops listening when told to", () => {
    const window = fakeWindow();
    const observers = fakeObservers();
    const { part, inside } = fakePart([{ name: "child" }]);
    const onUse = vi.fn();
    const stop = watchForFirstUse(part, { whenNear: true }, onUse, { window, IntersectionObserver: observers.IntersectionObserver });
    stop();
    window.fire("pointerdown", inside);
    expect(onUse).not.toHaveBeenCalled();
    expect(observers.made[0]?.disconnected).toBe(true);
  });

  it("does not watch the viewport unless asked to", () => {
    const observers = fakeObservers();
    watchForFirstUse(fakePart([{ name: "child" }]).part, { whenNear: false }, vi.fn(), {
      window: fakeWindow(),
      IntersectionObserver: observers.IntersectionObserver,
    });
    expect(observers.made).toHaveLength(0);
  });

  it("with whenNear, loads when one of the part's elements comes near the viewport", () => {
    const window = fakeWindow();
    const observers = fakeObservers();
    const children = [{ name: "first" }, { name: "second" }];
    const onUse = vi.fn();
    watchForFirstUse(fakePart(children).part, { whenNear: true }, onUse, { window, IntersectionObserver: observers.IntersectionObserver });
    const observer = observers.made[0];
    expect(observer?.margin).toBe(NEAR_VIEWPORT_MARGIN);
    expect(observer?.observed).toEqual(children);
    observer?.report(false);
    expect(onUse).not.toHaveBeenCalled();
    observer?.report(true);
    expect(onUse).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(true);
    expect(window.listening()).toBe(0);
  });

  it("with whenNear, watches a <details> by its content, which has no box while it is closed", () => {
    const observers = fakeObservers();
    const summary = { localName: "summary" };
    const body = { localName: "div" };
    watchForFirstUse(fakePart([{ localName: "details", children: [summary, body] }]).part, { whenNear: true }, vi.fn(), {
      window: fakeWindow(),
      IntersectionObserver: observers.IntersectionObserver,
    });
    expect(observers.made[0]?.observed).toEqual([body]);
  });
});
