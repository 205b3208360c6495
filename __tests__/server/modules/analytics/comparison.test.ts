import { MAX_CHANGE_RATIO, MIN_BASE_CENTS, changePct } from '../../../../src/server/modules/analytics/comparison';

describe('changePct', () => {
  it('gives the change in percent, one decimal, on a base that means something', () => {
    expect(changePct(12_000, 10_000)).toBe(20);
    expect(changePct(5_000, 10_000)).toBe(-50);
    expect(changePct(10_000, 10_000)).toBe(0);
    expect(changePct(10_000, 3_000)).toBe(233.3);
    expect(changePct(310_153, 200_000)).toBe(55.1);
    expect(changePct(2_482, 12_000)).toBe(-79.3);
  });

  it('gives down 100% when nothing was spent this period', () => {
    expect(changePct(0, 5_000)).toBe(-100);
  });

  it('gives none on a negative or zero base: a refund is no base to compare with', () => {
    expect(changePct(5_482, -1_584)).toBeNull();
    expect(changePct(5_482, 0)).toBeNull();
    expect(changePct(0, 0)).toBeNull();
  });

  it('gives none on a base under $1', () => {
    expect(MIN_BASE_CENTS).toBe(100);
    expect(changePct(500, 99)).toBeNull();
    expect(changePct(500, 100)).toBe(400);
  });

  it('gives none when this period is more than 10 times the base (more than +900%)', () => {
    expect(MAX_CHANGE_RATIO).toBe(10);
    expect(changePct(100_000, 10_000)).toBe(900);
    expect(changePct(100_001, 10_000)).toBeNull();
    expect(changePct(1_000, 100)).toBe(900);
    expect(changePct(1_001, 100)).toBeNull();
  });

  it('gives none when refunds outweigh this period’s spending', () => {
    expect(changePct(-1, 10_000)).toBeNull();
    expect(changePct(-2_000, 10_000)).toBeNull();
  });
});
