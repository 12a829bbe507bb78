// A Redocly lint plugin (redocly.yaml: `plugins`) that keeps openapi/spec.yaml readable by the generators partners
// use (oapi-codegen, openapi-generator, OpenAPI 3.0 tools): they turn a `type` list into one type, and a `number`
// without a `format` into a 32-bit float in some languages (a millisecond timestamp loses its last digits).

/** `type: [integer, string]`: an `anyOf` says the same and every generator reads it; `[X, 'null']` is fine. */
function NoMultiTypeList() {
  return {
    Schema(schema, { report, location }) {
      if (!Array.isArray(schema.type)) return;
      const valueTypes = schema.type.filter((type) => type !== 'null');
      if (valueTypes.length <= 1) return;
      report({
        message: `type lists ${valueTypes.join(' and ')}: write \`anyOf: [${valueTypes.map((type) => `{type: ${type}}`).join(', ')}]\` instead (generators read only one type from a list; \`[X, 'null']\` is allowed)`,
        location: location.child(['type']),
      });
    },
  };
}

/** A `number` says its width: `double` (or `float`); an integer quantity is `type: integer` with `format: int64`. */
const NUMBER_FORMATS = ['double', 'float'];

function NumberHasFormat() {
  return {
    Schema(schema, { report, location }) {
      const types = [].concat(schema.type ?? []);
      if (!types.includes('number')) return;
      if (NUMBER_FORMATS.includes(schema.format)) return;
      const found = schema.format === undefined ? 'no format' : `format ${schema.format}`;
      report({
        message: `a number with ${found}: give it \`format: double\` (generators make a format-less number a 32-bit float), or make an integer quantity \`type: integer\` with \`format: int64\``,
        location: schema.format === undefined ? location.child(['type']) : location.child(['format']),
      });
    },
  };
}

export default function portablePlugin() {
  return {
    id: 'portable',
    rules: {
      oas3: {
        'no-multi-type-list': NoMultiTypeList,
        'number-has-format': NumberHasFormat,
      },
    },
  };
}
