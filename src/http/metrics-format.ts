// Prometheus' text format 0.0.4: one metric family, its HELP and TYPE lines and its samples.

const escapeLabel = (v: string) => v.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

/** One metric family: HELP, TYPE, then its samples. */
export function family(
  name: string,
  type: 'gauge' | 'counter',
  help: string,
  samples: [labels: Record<string, string>, value: number][],
): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of samples) {
    const l = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
    lines.push(`${name}${l.length ? `{${l.join(',')}}` : ''} ${Number.isFinite(value) ? value : 'NaN'}`);
  }
  return lines.join('\n');
}

export const gauge = (name: string, help: string, value: number | null) => family(name, 'gauge', help, value === null ? [] : [[{}, value]]);
