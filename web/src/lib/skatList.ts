// The game list as Skat players keep it, read from the Seeger-Fabian points the server sends per
// game (docs/protocol.md §4): the declarer won → value + 50 (defenders 0); lost → −2 × value − 50
// (each defender + 40); folded → 0 for all. The list entry is the declarer's + value or − 2 × value.

// One game's list row: the declarer's entry in the declarer's column, 0 for the others.
export function gameListRow(sf: readonly number[]): number[] {
  const declarer = sf.findIndex((p) => p !== 0 && p !== 40);
  return sf.map((p, i) => (i !== declarer ? 0 : p > 0 ? p - 50 : p + 50));
}

export function gameList(sfList: readonly (readonly number[])[]): number[][] {
  return sfList.map(gameListRow);
}
