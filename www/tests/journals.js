// Resource eventlogs for the timeline's specs: a journal response
// (flux resource eventlog -f json) built from events whose times are
// seconds after T0 (2023-11-14 22:13:20 UTC).

/** The first event's time. */
export const T0 = 1700000000;

/** One event, `dt` seconds after T0. */
export const ev = (dt, name, context) => ({ timestamp: T0 + dt, name, context });

/** A journal response holding `events` (and `R`, when given), as text. */
export const journal = (events, R) => JSON.stringify(R ? { events, R } : { events });

/** Four nodes: node2 drained at 0:10, node4 offline from 1:00 to 2:00 (the
 * iframe's and the element's timeline specs). */
export const FOUR_NODES = journal([
  ev(0, 'restart', { ranks: '0-3', online: '0-3', nodelist: 'node[1-4]' }),
  ev(600, 'drain', { idset: '1', reason: 'bad dimm', overwrite: 0 }),
  ev(3600, 'offline', { idset: '3' }),
  ev(7200, 'online', { idset: '3' }),
]);
