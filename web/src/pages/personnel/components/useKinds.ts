import { useEffect, useState } from 'react';
import { getCertificateTree, type CertificateKind } from '@/services/certificate';

export interface KindOptions {
  /** leaves as select options (search form) */
  leaves: { label: string; value: string }[];
  /** the tree for a tree select; only leaves are selectable */
  tree: any[];
}

function toTree(nodes: CertificateKind[]): any[] {
  return nodes.map((n) => ({
    title: n.title,
    value: n.code,
    selectable: !n.hasChildren,
    children: n.children ? toTree(n.children) : undefined,
  }));
}

function leavesOf(nodes: CertificateKind[], out: { label: string; value: string }[] = []) {
  nodes.forEach((n) => (n.hasChildren && n.children ? leavesOf(n.children, out) : out.push({ label: n.title, value: n.code })));
  return out;
}

/** The certificate tree of spec 3.1 (served by blade-user), as options. */
export default function useKinds(): KindOptions {
  const [kinds, setKinds] = useState<KindOptions>({ leaves: [], tree: [] });
  useEffect(() => {
    let live = true;
    getCertificateTree()
      .then((nodes) => live && setKinds({ leaves: leavesOf(nodes), tree: toTree(nodes) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return kinds;
}
