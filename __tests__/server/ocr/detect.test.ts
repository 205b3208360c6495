import { detectionScale } from '../../../src/server/ocr/paddle/detect';

const opts = { targetWidth: 960, textHeight: 48 };

describe('detectionScale', () => {
  it('scales a narrow receipt up to the working width, at most twice', () => {
    expect(detectionScale(640, null, opts)).toBeCloseTo(1.5);
    expect(detectionScale(300, null, opts)).toBe(2);
  });

  it('scales down a receipt whose print the probe found large, so its text comes out at the working height', () => {
    expect(detectionScale(640, 64, opts)).toBeCloseTo(0.75);
    expect(detectionScale(1920, 240, opts)).toBeCloseTo(0.2);
  });

  it('never scales small print up beyond the working width: its text keeps what pixels it has', () => {
    expect(detectionScale(640, 12, opts)).toBeCloseTo(1.5);
    expect(detectionScale(300, 10, opts)).toBe(2);
  });

  it('sizes by width alone when the probe found too little text, or the probe is off', () => {
    expect(detectionScale(480, null, opts)).toBe(2);
    expect(detectionScale(480, 96, { ...opts, textHeight: 0 })).toBe(2);
  });
});
