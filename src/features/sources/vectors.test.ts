import { cosine, nearestByCosine, validVectors } from "./vectors";

describe("ranking by meaning", () => {
  it("orders by cosine, most similar first, leaving out the unrelated", () => {
    const rows = [
      { chunkId: "far", vector: [0, 1, 0] },
      { chunkId: "near", vector: [0.9, 0.1, 0] },
      { chunkId: "same", vector: [2, 0, 0] },
    ];
    expect(nearestByCosine([1, 0, 0], rows, 5)).toEqual(["same", "near"]);
    expect(nearestByCosine([1, 0, 0], rows, 1)).toEqual(["same"]);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
    expect(cosine([0, 0], [0, 0])).toBe(0);
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
