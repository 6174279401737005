import { memo } from 'react';

const WIDTH = 64;
const HEIGHT = 20;

/** The row's recent values as a small line (missing values break it), drawn as plain SVG. */
export const Sparkline = memo(function Sparkline({ values }: { values: (number | null)[] }) {
  const numbers = values.filter((value): value is number => value !== null);
  if (numbers.length < 2) return null;
  const min = Math.min(...numbers);
  const span = Math.max(...numbers) - min || 1;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const segments: string[][] = [[]];
  values.forEach((value, index) => {
    if (value === null) segments.push([]);
    else
      segments
        .at(-1)
        ?.push(`${(index * step).toFixed(1)},${(HEIGHT - 2 - ((value - min) / span) * (HEIGHT - 4)).toFixed(1)}`);
  });
  return (
    <svg
      aria-hidden="true"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="shrink-0 text-blue-700 dark:text-blue-300"
    >
      {segments
        .filter((points) => points.length > 0)
        .map((points) =>
          points.length === 1 ? (
            <circle
              key={points[0]}
              cx={points[0]?.split(',')[0]}
              cy={points[0]?.split(',')[1]}
              r="1.5"
              fill="currentColor"
            />
          ) : (
            <polyline
              key={points.join(' ')}
              points={points.join(' ')}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          ),
        )}
    </svg>
  );
});
