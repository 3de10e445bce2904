export type OwnershipEdge = { ownedId: string; ownerIds: readonly string[] };

/**
 * Groups of legal entities that own themselves, directly or through a chain
 * (docs/requirements.md section 5 technical problem). Each group is a strongly
 * connected part of the ownership graph with a cycle in it, listed in
 * first-seen order.
 */
export const findOwnershipCycles = (edges: readonly OwnershipEdge[]): string[][] => {
  const owners = new Map<string, readonly string[]>(edges.map((edge) => [edge.ownedId, edge.ownerIds]));
  const reachable = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(owners.get(from) ?? [])];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(owners.get(next) ?? []));
    }
    return seen;
  };
  const reach = new Map(edges.map((edge) => [edge.ownedId, reachable(edge.ownedId)]));
  const onCycle = edges.map((edge) => edge.ownedId).filter((id) => reach.get(id)?.has(id) === true);
  const groups: string[][] = [];
  for (const id of onCycle) {
    const group = groups.find((members) => {
      const first = members[0] ?? '';
      return reach.get(id)?.has(first) === true && reach.get(first)?.has(id) === true;
    });
    if (group) group.push(id);
    else groups.push([id]);
  }
  return groups;
};
