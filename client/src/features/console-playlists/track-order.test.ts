import { describe, expect, it } from "vitest";
import { dropIndex, isMove, movedMessage, moveItem } from "./track-order";

describe("track order", () => {
  it("moves an item up, down, to either end, and clamps past the ends", () => {
    expect(moveItem([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3, 4], 0, 9)).toEqual([2, 3, 4, 1]);
    expect(moveItem([1, 2, 3, 4], 1, -5)).toEqual([2, 1, 3, 4]);
    expect(moveItem([1, 2], 7, 0)).toEqual([1, 2]);
  });

  it("knows a move that changes nothing", () => {
    expect(isMove(4, 0, -1)).toBe(false);
    expect(isMove(4, 3, 4)).toBe(false);
    expect(isMove(4, 2, 2)).toBe(false);
    expect(isMove(4, 2, 1)).toBe(true);
  });

  it("finds where a dragged row lands from the pointer and the rows' middles", () => {
    const middles = [10, 30, 50, 70];
    expect(dropIndex(0, middles, 2)).toBe(0);
    expect(dropIndex(35, middles, 0)).toBe(1);
    expect(dropIndex(45, middles, 2)).toBe(2);
    expect(dropIndex(100, middles, 0)).toBe(3);
    expect(dropIndex(100, middles, 3)).toBe(3);
    expect(moveItem(["a", "b", "c", "d"], 0, dropIndex(55, middles, 0))).toEqual(["b", "c", "a", "d"]);
  });

  it("says where the track went, counting from one", () => {
    expect(movedMessage("Blue", 0, 3)).toBe('Moved "Blue" to position 1 of 3.');
  });
});
