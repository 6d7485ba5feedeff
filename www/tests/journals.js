// Resource eventlogs for the timeline's specs: a journal response
// (flux resource eventlog -f json) built from events whose times are
// seconds after T0 (2023-11-14 22:13:20 UTC).

/** The first event's time. */
export const T0 = 1700000000;

/** One event, `dt` seconds after T0. */
export const ev = (dt, name, context) => ({ timestamp: T0 + dt, name, context });

/** A journal response holding `events` (and `R`, when given), as text. */
export const journal = (events, R) => JSON.stringify(R ? { events, R } : { events });
