// Request bodies and responses: their media types, schemas, named examples and headers.
import { resolveRef } from './resolve.js';
import type { JsonObject, NamedExample, OpenApiDocument, SpecContent, SpecHeader, SpecRequestBody, SpecResponse } from './types.js';

export function readRequestBody(document: OpenApiDocument, raw: unknown): SpecRequestBody | undefined {
  if (raw === undefined) return undefined;
  const body = resolveRef(document, raw);
  return { required: body.required === true, description: body.description, content: readContent(document, body.content) };
}

/** Every response, in document order. */
export function readResponses(document: OpenApiDocument, responses: JsonObject | undefined): SpecResponse[] {
  return Object.entries(responses ?? {}).map(([status, raw]) => {
    const response = resolveRef(document, raw);
    return {
      status,
      description: response.description,
      content: readContent(document, response.content),
      headers: readHeaders(document, response.headers),
    };
  });
}

/** The first response with an exact 2xx status; `2XX` is a range, not a status a server answers with. */
export function successResponseOf(responses: SpecResponse[]): SpecResponse | undefined {
  return responses.find((response) => /^2\d\d$/.test(response.status));
}

/** The JSON media type of a body: `application/json`, else the first `application/...+json`. */
export function jsonContentOf(content: SpecContent[]): SpecContent | undefined {
  return content.find((c) => c.mediaType === 'application/json') ?? content.find((c) => /^application\/[\w.-]+\+json$/.test(c.mediaType));
}

function readContent(document: OpenApiDocument, content: JsonObject | undefined): SpecContent[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => ({
    mediaType,
    schema: resolveRef(document, media.schema ?? {}),
    examples: readExamples(document, media),
  }));
}

function readExamples(document: OpenApiDocument, media: JsonObject): NamedExample[] {
  const named = Object.entries(media.examples ?? {}).map(([name, raw]) => {
    const example = resolveRef(document, raw);
    return { name, summary: example.summary, description: example.description, value: example.value, externalValue: example.externalValue };
  });
  const hasSingleExample = named.length === 0 && media.example !== undefined;
  if (hasSingleExample) return [{ name: 'example', summary: undefined, description: undefined, value: media.example, externalValue: undefined }];
  return named;
}

function readHeaders(document: OpenApiDocument, headers: JsonObject | undefined): SpecHeader[] {
  return Object.entries(headers ?? {}).map(([name, raw]) => {
    const header = resolveRef(document, raw);
    return { name, required: header.required === true, description: header.description, schema: resolveRef(document, header.schema ?? {}) };
  });
}
