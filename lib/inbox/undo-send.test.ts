import { describe, expect, it } from 'vitest';
import {
  heldMessage,
  holdUntil,
  isHeld,
  secondsLeft,
  statusAfterUndo,
  undoSendInput,
} from './undo-send';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, 0) + ms);

describe('undo send decisions', () => {
  it('holds a reply for the chosen seconds, and not at all for 0 or none', () => {
    expect(holdUntil(at(0), 10)).toEqual(at(10_000));
    expect(holdUntil(at(0), 0)).toBeNull();
    expect(holdUntil(at(0), undefined)).toBeNull();
    expect(holdUntil(at(0), -3)).toBeNull();
  });

  it('is held strictly before its release', () => {
    expect(isHeld(at(10_000), at(9_999))).toBe(true);
    expect(isHeld(at(10_000), at(10_000))).toBe(false);
    expect(isHeld(null, at(0))).toBe(false);
  });

  it('counts down in whole seconds, never below 0', () => {
    expect(secondsLeft(at(10_000), at(0))).toBe(10);
    expect(secondsLeft(at(10_000), at(9_001))).toBe(1);
    expect(secondsLeft(at(10_000), at(12_000))).toBe(0);
  });

  it('puts an undone question back where it stood', () => {
    expect(statusAfterUndo('failed')).toBe('failed');
    expect(statusAfterUndo('drafted')).toBe('drafted');
    expect(statusAfterUndo('queued')).toBe('drafted');
    expect(statusAfterUndo('drafting')).toBe('drafted');
    expect(statusAfterUndo(undefined)).toBe('drafted');
  });

  it('says where the reply goes and when', () => {
    expect(heldMessage(10, null)).toBe(
      "Sent. It goes to the customer's ticket page in 10 seconds unless you undo it.",
    );
    expect(heldMessage(5, 'cleo@customer.example')).toContain('by email to cleo@customer.example');
  });

  it('accepts 0 to 60 whole seconds from the Settings form', () => {
    expect(undoSendInput.parse({ undoSendSeconds: '0' })).toEqual({ undoSendSeconds: 0 });
    expect(undoSendInput.parse({ undoSendSeconds: '60' })).toEqual({ undoSendSeconds: 60 });
    expect(undoSendInput.safeParse({ undoSendSeconds: '61' }).success).toBe(false);
    expect(undoSendInput.safeParse({ undoSendSeconds: '-1' }).success).toBe(false);
    expect(undoSendInput.safeParse({ undoSendSeconds: '2.5' }).success).toBe(false);
    expect(undoSendInput.safeParse({ undoSendSeconds: 'ten' }).success).toBe(false);
  });
});
