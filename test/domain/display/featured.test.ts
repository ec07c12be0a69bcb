import { describe, expect, it } from 'vitest';
import { featuredRound, inPlayingOrder, teeSheetRound, type RoundForDisplay } from '../../../shared/domain/display/index.js';

const r = (id: string, date: string, state: RoundForDisplay['state'], startTime?: string): RoundForDisplay => ({ id, date, state, ...(startTime ? { startTime } : {}) });

describe('inPlayingOrder', () => {
  it('orders by date, then start time, keeping the given order on ties', () => {
    const rounds = [r('late', '2027-04-12', 'draft', '13:00'), r('early', '2027-04-12', 'draft', '08:00'), r('first', '2027-04-11', 'draft'), r('tie', '2027-04-12', 'draft', '13:00')];
    expect(inPlayingOrder(rounds).map((x) => x.id)).toEqual(['first', 'early', 'late', 'tie']);
  });
});

describe('featuredRound', () => {
  it('answers undefined for a trip without rounds', () => {
    expect(featuredRound([], null)).toBeUndefined();
  });

  it('prefers the round being played', () => {
    const rounds = [r('d1', '2027-04-11', 'completed'), r('d3', '2027-04-13', 'ready'), r('d2', '2027-04-12', 'in_progress')];
    expect(featuredRound(rounds, null)?.id).toBe('d2');
  });

  it('takes the next ready round when none is being played', () => {
    const rounds = [r('d3', '2027-04-13', 'ready'), r('d1', '2027-04-11', 'completed'), r('d2', '2027-04-12', 'ready')];
    expect(featuredRound(rounds, null)?.id).toBe('d2');
  });

  it('falls back to the latest completed round before a draft', () => {
    const rounds = [r('d1', '2027-04-11', 'completed'), r('d2', '2027-04-12', 'completed'), r('d3', '2027-04-13', 'draft')];
    expect(featuredRound(rounds, null)?.id).toBe('d2');
  });

  it('shows the first draft when nothing else exists', () => {
    expect(featuredRound([r('d2', '2027-04-12', 'draft'), r('d1', '2027-04-11', 'draft')], null)?.id).toBe('d1');
  });

  it("follows the organizer's choice while that round exists, and ignores a deleted one", () => {
    const rounds = [r('d1', '2027-04-11', 'completed'), r('d2', '2027-04-12', 'in_progress')];
    expect(featuredRound(rounds, 'd1')?.id).toBe('d1');
    expect(featuredRound(rounds, 'gone')?.id).toBe('d2');
  });
});

describe('teeSheetRound', () => {
  it('shows the next round to play, a draft before a completed one', () => {
    const rounds = [r('d1', '2027-04-11', 'completed'), r('d2', '2027-04-12', 'draft')];
    expect(teeSheetRound(rounds, null)?.id).toBe('d2');
    expect(featuredRound(rounds, null)?.id).toBe('d1');
  });

  it('prefers a round in progress, then a ready one', () => {
    expect(teeSheetRound([r('a', '2027-04-11', 'ready'), r('b', '2027-04-12', 'in_progress')], null)?.id).toBe('b');
    expect(teeSheetRound([r('a', '2027-04-13', 'draft'), r('b', '2027-04-12', 'ready')], null)?.id).toBe('b');
  });

  it('falls back to the latest completed round once every round is played', () => {
    expect(teeSheetRound([r('a', '2027-04-11', 'completed'), r('b', '2027-04-12', 'completed')], null)?.id).toBe('b');
  });

  it("follows the organizer's choice", () => {
    expect(teeSheetRound([r('a', '2027-04-11', 'completed'), r('b', '2027-04-12', 'ready')], 'a')?.id).toBe('a');
  });
});
