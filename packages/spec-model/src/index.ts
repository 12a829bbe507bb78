export { createSpecModel } from './model.js';
export { operationSummaries, type OperationSummary, type SummaryOrder } from './summaries.js';
export { componentSchemaName, followRef, resolveRef, type BrokenRefReason, type RefChain } from './resolve.js';
export { discriminatorBranches, type DiscriminatorBranch } from './discriminator.js';
export { canonicalPointer, childPointer, decodePointer, DOCUMENT_POINTER, encodePointerToken, getAtPointer } from './pointer.js';
export { answerableStatuses, responseFor, type DocumentedResponses } from './status.js';
export { SECURED_RESPONSES_KEY } from './secured-responses.js';
export { evaluateRuntimeExpression, type LinkSource } from './links.js';
export { PROVENANCE_KINDS, readProvenance, type Provenance, type ProvenanceMarker, type ProvenanceProblem, type ProvenanceReading } from './provenance.js';
export {
  allowsNull,
  ANNOTATION_KEYWORDS,
  enumValues,
  isAnyStringBranch,
  isEnumLike,
  isKnownValuesBranch,
  isNullSchema,
  isOpenEnum,
  nullableWrapper,
  openEnumKnownIndex,
  openEnumValues,
  type ResolveSchema,
} from './schema-rules.js';
export { HTTP_METHODS, isSafeMethod, type HttpMethod } from './methods.js';
export { ERROR_SHAPES, addressSpaceOf, invalidInputStatusOf, readSunset } from './conventions.js';
export { jsonContentOf } from './content.js';
export { withPrimaryTagsOnly } from './primary-tags.js';
export { UNIQUE_KEY, uniqueBodyFields } from './unique-fields.js';
export { EMAIL_FORMAT, isEmailAddress } from './email-format.js';
export { SpecModelError } from './errors.js';
export { SECRET_KEY, collectSecrets, isSecretKey } from './secret-fields.js';
export type {
  AddressSpace,
  ErrorShape,
  JsonObject,
  NamedExample,
  OffsetPagination,
  OpenApiDocument,
  PageTokenPagination,
  Pagination,
  ParameterLocation,
  RefPlaces,
  SpecContent,
  SpecHeader,
  SpecLink,
  SpecModel,
  SpecOperation,
  SpecParameter,
  SpecRequestBody,
  SpecResponse,
} from './types.js';
export { standaloneSchema } from './standalone-schema.js';
export { OPENAPI_30_RENDERINGS, OpenApi30Error, toOpenApi30, type OpenApi30Rendering, type OpenApi30Rendition } from './openapi-30.js';
