import { text, type LocalizedText } from '../../http/errors.js';

interface DeptLike {
  deptId: number;
  parentId: number;
  deptName: string;
}

/**
 * Each department's path of names, such as "路灯管理中心/运维一部", through the departments given
 * (the caller's visible ones), so that what an export writes the same caller's import can read.
 */
export function deptNamePaths(depts: DeptLike[]): Map<number, string> {
  const byId = new Map(depts.map((d) => [d.deptId, d]));
  const paths = new Map<number, string>();
  const pathOf = (d: DeptLike, seen: Set<number>): string => {
    const known = paths.get(d.deptId);
    if (known !== undefined) return known;
    const parent = byId.get(d.parentId);
    const path = parent && !seen.has(parent.deptId) ? `${pathOf(parent, seen.add(d.deptId))}/${d.deptName}` : d.deptName;
    paths.set(d.deptId, path);
    return path;
  };
  for (const d of depts) pathOf(d, new Set());
  return paths;
}

const segments = (path: string) => path.split(/[/／]/).map((s) => s.trim()).filter(Boolean);

/**
 * Finds a department by its name or by the end of its path ("运维一部", "运维一部/城东班组" or the
 * full path); a bare number names a department by id, as templates before names did.
 */
export function deptFinder(depts: DeptLike[]): (cell: string) => { deptId: number } | { problem: LocalizedText } {
  const entries = [...deptNamePaths(depts)].map(([deptId, path]) => ({ deptId, segments: segments(path) }));
  return (cell) => {
    const wanted = segments(cell);
    const found = wanted.length === 0 ? [] : entries.filter((e) => e.segments.length >= wanted.length && wanted.every((s, i) => e.segments[e.segments.length - wanted.length + i] === s));
    if (found.length === 1) return { deptId: found[0].deptId };
    if (found.length > 1) return { problem: text('system.importDeptAmbiguous', { name: cell, n: found.length }) };
    if (/^\d+$/.test(cell) && entries.some((e) => e.deptId === Number(cell))) return { deptId: Number(cell) };
    return { problem: text('system.importDeptUnknown', { name: cell }) };
  };
}
