/**
 * Where a gate_page stands while a version is current: on the page its owner chose, or on the
 * version's last page while the version is shorter (a gate past the last page would show
 * everything). The chosen page is remembered only while it waits, so a version long enough
 * puts the gate back on it.
 */
export type VersionGate = { page: number; waitingFor: number | null };

/** A gate a version change moved: down to a shorter version's last page, or back up towards `chosen`. */
export type GateMove = { from: number; to: number; chosen: number };

export function gateForVersion(chosen: number, pageCount: number): VersionGate {
  return chosen > pageCount ? { page: pageCount, waitingFor: chosen } : { page: chosen, waitingFor: null };
}

export function gateMove(from: number, gate: VersionGate): GateMove | null {
  return gate.page === from ? null : { from, to: gate.page, chosen: gate.waitingFor ?? gate.page };
}
