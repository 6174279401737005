import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from './prometheus-text.js';

describe('the Prometheus text parser of the tests', () => {
  it('keeps each labelled histogram series apart, with escaped label values', () => {
    const families = parsePrometheusText(
      [
        '# HELP request_seconds Time to answer.',
        '# TYPE request_seconds histogram',
        'request_seconds_bucket{le="0.1",route="/a/:id"} 1',
        'request_seconds_bucket{le="+Inf",route="/a/:id"} 2',
        'request_seconds_sum{route="/a/:id"} 0.3',
        'request_seconds_count{route="/a/:id"} 2',
        'request_seconds_bucket{le="0.1",route="say \\"hi\\"\\n\\\\"} 0',
        'request_seconds_bucket{le="+Inf",route="say \\"hi\\"\\n\\\\"} 1',
        '# TYPE lag_seconds gauge',
        'lag_seconds Nan',
        '',
      ].join('\n'),
    );
    expect(families.map(({ name, type }) => `${name} ${type}`)).toEqual([
      'request_seconds histogram',
      'lag_seconds gauge',
    ]);
    const [histogram, gauge] = families;
    expect(histogram?.help).toBe('Time to answer.');
    expect(histogram?.samples).toContainEqual({
      name: 'request_seconds_bucket',
      labels: { le: '+Inf', route: 'say "hi"\n\\' },
      value: 1,
    });
    expect(histogram?.samples.filter((sample) => sample.labels.route === '/a/:id')).toHaveLength(4);
    expect(gauge?.samples[0]?.value).toBeNaN();
  });

  it.each([
    ['an undeclared family', 'orphan_total 1'],
    ['a suffix the type does not allow', '# TYPE hits_total counter\nhits_total_bucket 1'],
    ['a series given twice', '# TYPE up gauge\nup{a="1"} 1\nup{a="1"} 2'],
    ['a repeated label', '# TYPE up gauge\nup{a="1",a="2"} 1'],
    ['an unterminated label value', '# TYPE up gauge\nup{a="1} 1'],
    ['a value that is no number', '# TYPE up gauge\nup one'],
    ['a TYPE after samples', '# TYPE up gauge\nup 1\n# TYPE up counter'],
  ])('refuses %s', (_case, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
