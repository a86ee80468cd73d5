/** Time as the API sees it; tests pass their own to move through expiry windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const isoNow = (clock: Clock) => clock.now().toISOString();
export const isoIn = (clock: Clock, ms: number) => new Date(clock.now().getTime() + ms).toISOString();
