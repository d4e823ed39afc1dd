/**
 * The routes of the OpenAPI document (`/api/openapi.json`), which is generated from the same
 * route definitions the server runs: tests that must cover every route compare against it.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface DocumentedOperation {
  /** "PUT /api/employees/{id}" */
  route: string;
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** The JSON schema of the request body, when the route takes one. */
  body: JsonSchema | null;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export function documentedOperations(doc: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(doc.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => (METHODS as readonly string[]).includes(method))
        .map(([method, operation]) => {
          const parameters = operation.parameters ?? [];
          const upper = method.toUpperCase() as DocumentedOperation['method'];
          return {
            route: `${upper} ${path}`,
            method: upper,
            path,
            pathParams: parameters.filter((p) => p.in === 'path'),
            queryParams: parameters.filter((p) => p.in === 'query'),
            body: operation.requestBody?.content?.['application/json']?.schema ?? null,
          };
        }),
    )
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** "METHOD /path" of every documented route, sorted. */
export function documentedRoutes(doc: OpenApiDocument): string[] {
  return documentedOperations(doc)
    .map((operation) => operation.route)
    .sort();
}
