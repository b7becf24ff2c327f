/**
 * A lesson (and chat answer) with formulas and code, as a model writes it: what the fake model
 * answers under the "math-code" behaviour, and the fixed set the math and code tests check in
 * every place it is shown (src/server/html/math.test.ts, tests/integration/math-code.test.ts,
 * tests/e2e/math-code.spec.ts).
 */
export const MATH_CODE_FORMULAS = {
  inline: String.raw`a^2+b^2=c^2`,
  display: String.raw`\int_0^1 x^2\,dx = \tfrac13`,
  fraction: String.raw`\frac{n(n+1)}{2}`,
  matrix: String.raw`\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}`,
  /** Malformed: KaTeX shows it as its source, the rest of the lesson is unharmed. */
  malformed: String.raw`\frac{1}{`,
};

/** Not math: two prices. */
export const DOLLAR_AMOUNTS = "It costs $5 and $10 in the shop.";

export const MATH_CODE_LESSON = [
  "## Pythagoras and code",
  "",
  `In a right triangle $${MATH_CODE_FORMULAS.inline}$ holds for the sides.`,
  "",
  `$$${MATH_CODE_FORMULAS.display}$$`,
  "",
  `The sum of the first $n$ numbers is $${MATH_CODE_FORMULAS.fraction}$ and a matrix is $$${MATH_CODE_FORMULAS.matrix}$$ here.`,
  "",
  `A broken formula $${MATH_CODE_FORMULAS.malformed}$ stays readable.`,
  "",
  DOLLAR_AMOUNTS,
  "",
  "```javascript",
  "const total = prices.reduce((sum, p) => sum + p, 0); // sum",
  "```",
  "",
  "```python",
  'def area(a, b):\n    return a * b / 2  # half\nprint("done")',
  "```",
  "",
  "```sql",
  "SELECT name FROM students WHERE grade > 10;",
  "```",
  "",
  "```brainfudge",
  "++[>+<-]",
  "```",
  "",
].join("\n");
