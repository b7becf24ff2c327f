/**
 * `instanceof` on the project's own classes is refused (docs/decisions/030-jobs-keep-their-promises.md):
 * the production build holds several copies of one module (instrumentation.ts and each route are
 * bundled apart), and an error made by one copy of a class is no `instanceof` another copy. The
 * project's error classes extend `brandedError(name)` (src/lib/branded-error.ts) and are told
 * apart with `Class.is(value)`, which reads a registered symbol every copy shares.
 *
 * A class is the project's own when the right-hand side of `instanceof` is declared in the file
 * or imported from a project module (`@/…` or a relative path); built-ins (`Error`, `Date`) and
 * packages' classes are left alone.
 */
const isProjectModule = (source) => typeof source === "string" && (source.startsWith("@/") || source.startsWith("."));

/** The variable an identifier refers to, looked up from the scope it is used in. */
function variableOf(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const found = current.set.get(name);
    if (found) return found;
  }
  return undefined;
}

/** Whether this definition makes a class of the project: declared here, or imported from a project module. */
function isOwnClass(definition) {
  if (definition.type === "ClassName") return true;
  if (definition.type === "Variable") return definition.node.init?.type === "ClassExpression";
  if (definition.type === "ImportBinding") return isProjectModule(definition.parent?.source?.value);
  return false;
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "Refuse instanceof on the project's own classes; check their brand with Class.is(value)." },
    schema: [],
    messages: {
      ownClass:
        "Do not use instanceof on the project's own class {{name}}: the production build may hold two copies of it. Give it a brand (extends brandedError(name), src/lib/branded-error.ts) and check {{name}}.is(value).",
    },
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (node.operator !== "instanceof") return;
        // `errors.AppError` from `import * as errors from "@/…"`: the namespace decides.
        const target = node.right.type === "MemberExpression" ? node.right.object : node.right;
        if (target.type !== "Identifier") return;
        const variable = variableOf(context.sourceCode.getScope(node), target.name);
        if (!variable || !variable.defs.some(isOwnClass)) return;
        const name = node.right.type === "MemberExpression" ? context.sourceCode.getText(node.right) : target.name;
        context.report({ node, messageId: "ownClass", data: { name } });
      },
    };
  },
};

export default rule;
