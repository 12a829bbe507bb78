// What the generated table (generated/tools.ts) says of each tool: what MCP lists, and how a call becomes a request.

/** A JSON Schema object, as the spec writes it. */
export type JsonSchema = Record<string, unknown>;

export interface ToolDescriptor {
  /** The operationId. */
  readonly name: string;
  /** The operation's summary. */
  readonly title: string;
  /** Summary, description, where the request goes, whether it repeats, and its documented errors. */
  readonly description: string;
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
  /** Listed only with `--allow-destructive` (`x-destructive`, else a DELETE). */
  readonly destructive: boolean;
  readonly addressSpace: 'controlPlane' | 'gateway';
  /** Each parameter argument and where it goes; the JSON body is the argument `body`. */
  readonly arguments: Readonly<Record<string, 'path' | 'query' | 'header'>>;
  readonly hasBody: boolean;
  /** One object of all the arguments, with the spec's rules; `examples` holds the documented example. */
  readonly inputSchema: JsonSchema;
  /** The success response's schema; absent when the success body is not a JSON object. */
  readonly outputSchema?: JsonSchema;
  /** Where a page names the next page's token: shown even though its key says "token". */
  readonly pageTokenAt?: readonly string[];
}
