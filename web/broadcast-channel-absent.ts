/**
 * Stands in for the `broadcast-channel` package in the browser bundles (`web/build.ts` aliases it here). RxDB imports
 * it for two things the portal never does: sharing one database between browser tabs (`multiInstance`) and electing
 * a leader tab to replicate (`waitForLeadership`). The portal opens every trip with `multiInstance: false`
 * (sync/device/open-trip.ts), so neither is ever called; if one ever were, it fails loudly here instead of silently.
 * About 16 KB of minified code the phone never runs.
 */
function absent(): never {
  throw new Error('several tabs on one RxDB database are not built into the browser apps (web/broadcast-channel-absent.ts): open trips with multiInstance: false');
}

export class BroadcastChannel {
  constructor() {
    absent();
  }
}

export function createLeaderElection(): never {
  return absent();
}
