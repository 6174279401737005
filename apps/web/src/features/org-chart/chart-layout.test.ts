import { describe, expect, it } from 'vitest';
import type { PublishedOrgChartSeat } from '@keel/contract';
import { imageFrame } from './chart-image';
import { holdersText, layoutChart, mayReportTo, possibleParents, SEAT_HEIGHT, SEAT_WIDTH } from './chart-layout';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const seat = (n: number, parent: number | null, position = 0): PublishedOrgChartSeat => ({
  id: uuid(n),
  parentId: parent === null ? null : uuid(parent),
  title: `Seat ${n}`,
  roles: [],
  teamId: null,
  position,
  holders: [],
});

describe('layoutChart', () => {
  it('puts each seat one level below the seat it reports to, reports in their order, without overlaps', () => {
    const seats = [seat(1, null), seat(4, 1, 2), seat(2, 1, 0), seat(3, 1, 1), seat(5, 2)];
    const { placed, links } = layoutChart(seats);
    const at = (n: number) => placed.find((one) => one.seat.id === uuid(n))!;
    expect(at(1).y).toBeLessThan(at(2).y);
    expect(at(2).y).toBe(at(3).y);
    expect(at(5).y).toBeGreaterThan(at(2).y);
    expect([at(2).x, at(3).x, at(4).x]).toEqual([...[at(2).x, at(3).x, at(4).x]].sort((a, b) => a - b));
    for (const a of placed) {
      for (const b of placed) {
        if (a === b || a.y !== b.y) continue;
        expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual(SEAT_WIDTH);
      }
    }
    expect(links).toContainEqual({ id: `${uuid(2)}>${uuid(5)}`, source: uuid(2), target: uuid(5) });
    expect(links).toHaveLength(4);
  });

  it('draws every seat once: several top seats, a missing parent and a loop in the data', () => {
    const seats = [seat(1, null), seat(2, null, 1), seat(3, 99), seat(4, 5), seat(5, 4)];
    const { placed, links } = layoutChart(seats);
    expect(placed.map((one) => one.seat.id).sort()).toEqual(seats.map((one) => one.id).sort());
    expect(new Set(placed.map((one) => `${one.x},${one.y}`)).size).toBe(placed.length);
    expect(links.every((link) => link.source !== link.target)).toBe(true);
  });

  it('lays out 500 seats with each level below the last', () => {
    const seats = Array.from({ length: 500 }, (_, index) =>
      seat(index + 1, index === 0 ? null : Math.floor(index / 5) + 1, index % 5),
    );
    const { placed } = layoutChart(seats);
    expect(placed).toHaveLength(500);
    const byId = new Map(placed.map((one) => [one.seat.id, one]));
    for (const one of placed) {
      if (one.seat.parentId) expect(one.y).toBe(byId.get(one.seat.parentId)!.y + SEAT_HEIGHT + 64);
    }
  });
});

describe('possibleParents', () => {
  const seats = [seat(1, null), seat(2, 1), seat(3, 2), seat(4, 1)];

  it('leaves out the seat itself and every seat below it', () => {
    expect(possibleParents(seats, uuid(2)).map((one) => one.id)).toEqual([uuid(1), uuid(4)]);
    expect(mayReportTo(seats, uuid(1), uuid(3))).toBe(false);
    expect(mayReportTo(seats, uuid(3), uuid(4))).toBe(true);
    expect(mayReportTo(seats, uuid(2), uuid(2))).toBe(false);
  });
});

describe('holdersText and imageFrame', () => {
  it('names members and open seats, and nobody', () => {
    expect(holdersText({ holders: [] })).toBe('Nobody holds this seat');
    expect(
      holdersText({
        holders: [
          { userId: uuid(7), name: 'Ada Lovelace', placeholderName: null },
          { userId: null, name: 'Head of Sales', placeholderName: 'Head of Sales' },
        ],
      }),
    ).toBe('Ada Lovelace, Open seat: Head of Sales');
  });

  it('fits a huge chart in an image of bounded size', () => {
    const frame = imageFrame([
      { x: 0, y: 0 },
      { x: 50_000, y: 3_000 },
    ]);
    expect(frame.width).toBe(6000);
    expect(frame.height).toBeLessThanOrEqual(6000);
    expect(frame.transform).toMatch(/scale\(0\.\d+\)/);
  });
});
