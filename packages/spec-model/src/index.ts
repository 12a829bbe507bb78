export { createSpecModel } from './model.js';
export { resolveRef } from './resolve.js';
export { decodePointer, encodePointerToken, getAtPointer } from './pointer.js';
export { HTTP_METHODS, type HttpMethod } from './methods.js';
export { ERROR_SHAPES, addressSpaceOf, invalidInputStatusOf } from './conventions.js';
export { jsonContentOf } from './content.js';
export { SpecModelError } from './errors.js';
export { SECRET_KEY, isSecretKey } from './secret-fields.js';
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
  SpecContent,
  SpecHeader,
  SpecModel,
  SpecOperation,
  SpecParameter,
  SpecRequestBody,
  SpecResponse,
} from './types.js';
