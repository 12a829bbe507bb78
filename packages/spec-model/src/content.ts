// Request bodies and responses: their media types, schemas, named examples and headers, each with its place.
import { readLinks } from './links.js';
import { childPointer } from './pointer.js';
import { resolveAt, resolveRef } from './resolve.js';
import type { JsonObject, NamedExample, OpenApiDocument, SpecContent, SpecHeader, SpecRequestBody, SpecResponse } from './types.js';

/** The operation's request body; `operationPointer` is where the operation is written. */
export function readRequestBody(document: OpenApiDocument, operationPointer: string, raw: unknown): SpecRequestBody | undefined {
  if (raw === undefined) return undefined;
  const usedAt = childPointer(operationPointer, 'requestBody');
  const { target: body, pointer } = resolveAt(document, raw, usedAt);
  return { required: body.required === true, description: body.description, content: readContent(document, pointer, body.content), pointer, usedAt };
}

/** Every response, in document order. */
export function readResponses(document: OpenApiDocument, operationPointer: string, responses: JsonObject | undefined, label = operationPointer): SpecResponse[] {
  return Object.entries(responses ?? {}).map(([status, raw]) => readResponse(document, status, raw, childPointer(operationPointer, 'responses', status), label));
}

/** One response (or `$ref` to one) for `status`, named at `usedAt`; `label` names its operation in errors. */
export function readResponse(document: OpenApiDocument, status: string, raw: unknown, usedAt: string, label = usedAt): SpecResponse {
  const { target: response, pointer } = resolveAt(document, raw, usedAt);
  return {
    status,
    description: response?.description,
    content: readContent(document, pointer, response?.content),
    headers: readHeaders(document, pointer, response?.headers),
    links: readLinks(document, pointer, response?.links, label),
    pointer,
    usedAt,
  };
}

/** The first response with an exact 2xx status; `2XX` is a range, not a status a server answers with. */
export function successResponseOf(responses: SpecResponse[]): SpecResponse | undefined {
  return responses.find((response) => /^2\d\d$/.test(response.status));
}

/** The JSON media type of a body: `application/json`, else the first `application/...+json`. */
export function jsonContentOf(content: SpecContent[]): SpecContent | undefined {
  return content.find((c) => c.mediaType === 'application/json') ?? content.find((c) => /^application\/[\w.-]+\+json$/.test(c.mediaType));
}

/** Where `holder` names its schema, or `undefined` when it names none. */
export function schemaPointerOf(holder: JsonObject, holderPointer: string): string | undefined {
  if (holder.schema === undefined) return undefined;
  return childPointer(holderPointer, 'schema');
}

function readContent(document: OpenApiDocument, holderPointer: string, content: JsonObject | undefined): SpecContent[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const pointer = childPointer(holderPointer, 'content', mediaType);
    return {
      mediaType,
      pointer,
      schema: resolveRef(document, media.schema ?? {}),
      schemaPointer: schemaPointerOf(media, pointer),
      examples: readExamples(document, pointer, media),
    };
  });
}

function readExamples(document: OpenApiDocument, mediaPointer: string, media: JsonObject): NamedExample[] {
  const named = Object.entries(media.examples ?? {}).map(([name, raw]) => {
    const usedAt = childPointer(mediaPointer, 'examples', name);
    const { target: example, pointer } = resolveAt(document, raw, usedAt);
    return { name, summary: example.summary, description: example.description, value: example.value, externalValue: example.externalValue, pointer, usedAt };
  });
  const hasSingleExample = named.length === 0 && media.example !== undefined;
  if (!hasSingleExample) return named;
  const pointer = childPointer(mediaPointer, 'example');
  return [{ name: 'example', summary: undefined, description: undefined, value: media.example, externalValue: undefined, pointer, usedAt: pointer }];
}

function readHeaders(document: OpenApiDocument, responsePointer: string, headers: JsonObject | undefined): SpecHeader[] {
  return Object.entries(headers ?? {}).map(([name, raw]) => {
    const usedAt = childPointer(responsePointer, 'headers', name);
    const { target: header, pointer } = resolveAt(document, raw, usedAt);
    return {
      name,
      required: header.required === true,
      description: header.description,
      schema: resolveRef(document, header.schema ?? {}),
      schemaPointer: schemaPointerOf(header, pointer),
      pointer,
      usedAt,
    };
  });
}
