import type { Language, Localized, PlanComparison, PlanNode } from '@sqltune/contracts';

const labels = {
  en: { heading: 'Plan notes', before: 'before', after: 'after', separator: ', ' },
  zh: { heading: '执行计划提示', before: '优化前', after: '优化后', separator: '、' },
} as const;

/** The heading of the plan notes, in the report language. */
export function planNotesHeading(language: Language): string {
  return labels[language].heading;
}

/**
 * The notes the optimizer's plans carry, which the web's plan view shows on the plan: each plan's caveat, then its
 * nodes' notes (a FULLTEXT index the statement needs, a table name's case, a large scan or sort...). Each note once,
 * with the plans that carry it ("before, after"), in the report language.
 */
export function planNotes(plan: PlanComparison, language: Language): Array<{ plans: string; text: string }> {
  const l = labels[language];
  const carried = new Map<string, { note: Localized; plans: string[] }>();
  for (const side of ['before', 'after'] as const) {
    const tree = plan[side];
    if (!tree) continue;
    for (const note of [...(tree.caveat ? [tree.caveat] : []), ...nodeNotes(tree.root)]) {
      const entry = carried.get(note.en) ?? { note, plans: [] };
      if (!entry.plans.includes(l[side])) entry.plans.push(l[side]);
      carried.set(note.en, entry);
    }
  }
  return [...carried.values()].map(({ note, plans }) => ({ plans: plans.join(l.separator), text: note[language] }));
}

function nodeNotes(node: PlanNode): Localized[] {
  return [...node.warnings, ...node.children.flatMap(nodeNotes)];
}
