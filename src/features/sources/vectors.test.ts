import { nearestUnitVectors, unitVector, validVectors } from "./vectors";

describe("ranking by meaning", () => {
  it("orders by cosine, most similar first, leaving out the unrelated and vectors of another length", () => {
    const set = {
      ids: ["far", "near", "same", "short", "opposite"],
      vectors: [
        [0, 1, 0],
        [0.9, 0.1, 0],
        [2, 0, 0],
        [1, 0],
        [-1, 0, 0],
      ].map(unitVector),
    };
    const query = unitVector([3, 0, 0]);
    expect(nearestUnitVectors(query, [set], 5)).toEqual(["same", "near"]);
    expect(nearestUnitVectors(query, [set], 1)).toEqual(["same"]);
    // Two sets (two sources) rank together.
    expect(nearestUnitVectors(query, [set, { ids: ["closer"], vectors: [unitVector([1, 0.05, 0])] }], 3)).toEqual([
      "same",
      "closer",
      "near",
    ]);
  });

  it("scales a vector to length 1, and leaves all zeros as zeros", () => {
    expect([...unitVector([3, 4])]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect([...unitVector([0, 0])]).toEqual([0, 0]);
  });

  it("takes only a list of the asked length of equal, finite vectors", () => {
    expect(
      validVectors(
        [
          [0.1, 0.2],
          [0.3, 0.4],
        ],
        2,
      ),
    ).toBe(true);
    expect(validVectors([[0.1, 0.2]], 2)).toBe(false);
    expect(validVectors([[0.1, 0.2], [0.3]], 2)).toBe(false);
    expect(validVectors([[0.1, Number.NaN]], 1)).toBe(false);
    expect(validVectors([["0.1"]], 1)).toBe(false);
    expect(validVectors([[]], 1)).toBe(false);
    expect(validVectors("nope", 1)).toBe(false);
  });
});
