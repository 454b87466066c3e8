// The package ships no types; the shape of what it returns, as far as the tests read it.
declare module 'parse-prometheus-text-format' {
  export interface PromSample {
    value: string;
    labels?: Record<string, string>;
  }
  export interface PromFamily {
    name: string;
    help: string;
    type: 'GAUGE' | 'COUNTER' | 'SUMMARY' | 'HISTOGRAM' | 'UNTYPED';
    metrics: PromSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PromFamily[];
}
