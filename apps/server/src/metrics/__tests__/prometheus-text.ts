/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for the tests: every
 * line must be a HELP, a TYPE or a sample of a declared family; names, labels, escapes and values
 * as the format defines them; a histogram's buckets cumulative and its +Inf bucket equal to its
 * count. Throws on the first line that is not so.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function number(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`).
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

function labels(text: string, line: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    const name = text.slice(i, eq);
    if (eq < 0 || !LABEL.test(name) || text[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label in: ${line}`);
    if (name in out) throw new Error(`repeated label in: ${line}`);
    out[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (i !== text.length) throw new Error(`bad label separator in: ${line}`);
  }
  return out;
}

export function parsePrometheusText(text: string): { types: Map<string, string>; samples: Sample[] } {
  if (!text.endsWith('\n')) throw new Error('the text must end with a newline');
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const sampled = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      if (!NAME.test(name)) throw new Error(`bad name in: ${line}`);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest) || types.has(name) || sampled.has(name)) throw new Error(`bad TYPE: ${line}`);
        types.set(name, rest);
      } else {
        if (helped.has(name)) throw new Error(`repeated HELP: ${line}`);
        helped.add(name);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const [, name = '', labelText = '', valueText = ''] = match;
    const family = [name, name.replace(/_(bucket|sum|count)$/, ''), name.replace(/_total$/, '')].find((f) =>
      types.has(f),
    );
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    const type = types.get(family);
    if (name.endsWith('_bucket') && type === 'histogram' && !('le' in labels(labelText, line)))
      throw new Error(`bucket without le: ${line}`);
    sampled.add(family);
    samples.push({ name, labels: labels(labelText, line), value: number(valueText, line) });
  }
  checkHistograms(types, samples);
  return { types, samples };
}

const seriesKey = (labels: Record<string, string>): string =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

function checkHistograms(types: Map<string, string>, samples: Sample[]): void {
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
      const { le: _le, ...rest } = s.labels;
      const key = seriesKey(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      const values = buckets.map((b) => b.value);
      if (values.some((v, i) => i > 0 && v < (values[i - 1] ?? 0)))
        throw new Error(`${family} ${key}: buckets not cumulative`);
      const inf = buckets.find((b) => b.labels.le === '+Inf');
      const count = samples.find((s) => s.name === `${family}_count` && seriesKey(s.labels) === key);
      if (!inf || !count || inf.value !== count.value)
        throw new Error(`${family} ${key}: +Inf bucket and count differ`);
    }
  }
}

/** The value of one series (0 when absent). */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): number =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
