// SPDX-License-Identifier: EPL-2.0
// Every answer of the server checked against API.yaml (TSP 0.6.0, vendored beside this file): the operation's
// response schema for the answer's status, through openapi-response-validator (Ajv underneath).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import validatorModule from 'openapi-response-validator';

const OpenAPIResponseValidator = validatorModule.default ?? validatorModule;

const here = path.dirname(fileURLToPath(import.meta.url));
const api = yaml.load(fs.readFileSync(path.join(here, 'API.yaml'), 'utf8'));
// API.yaml 0.6.0 writes StyleValue and MetadataValue as "type: object" with "oneOf: string | number (| integer)":
// no value fits that (a string is no object, and a whole number is both a number and an integer), so not even
// the reference server's styles would validate. Checked here as what they plainly mean: a string or a number.
for (const name of ['StyleValue', 'MetadataValue']) {
    const schema = api.components.schemas[name];
    delete schema.type;
    delete schema.oneOf;
    schema.anyOf = [{ type: 'string' }, { type: 'number' }];
}
const validators = new Map();

/** The operations of API.yaml as [method, template, RegExp] to find the one a URL is answered by. */
const operations = Object.entries(api.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map(method => [method.toUpperCase(), template,
        new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$')]))
    // Literal segments before variables: /outputs/markerSets is not /outputs/{outputId}.
    .sort((a, b) => (a[1].match(/\{/g) || []).length - (b[1].match(/\{/g) || []).length);

/** @returns the API.yaml template of a path below /tsp/api, for the method */
export function operationOf(method, apiPath) {
    const found = operations.find(([m, , pattern]) => m === method && pattern.test(apiPath));
    if (!found) {
        throw new Error(`API.yaml has no ${method} ${apiPath}`);
    }
    return found[1];
}

/**
 * Checks one answer; throws naming the operation, the status and Ajv's errors when it does not fit.
 * @returns the parsed body
 */
export function validate(method, apiPath, status, text) {
    const template = operationOf(method, apiPath);
    const key = method + ' ' + template;
    if (!validators.has(key)) {
        // API.yaml lists no 403 (a path outside the server's roots), 405 or 413 (a body over the limit) for most
        // operations: any error status it does not list is checked as its ErrorResponse.
        const responses = { ...api.paths[template][method.toLowerCase()].responses };
        for (const extra of ['400', '403', '404', '405', '406', '409', '413', '500', '503']) {
            responses[extra] ??= { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } };
        }
        validators.set(key, new OpenAPIResponseValidator({ responses, components: api.components }));
    }
    const body = JSON.parse(text);
    const errors = validators.get(key).validateResponse(status, body);
    if (errors) {
        throw new Error(`${method} ${apiPath} -> ${status} does not fit API.yaml (${template}): ${JSON.stringify(errors.errors)}\n${text.slice(0, 500)}`);
    }
    return body;
}

/** How many answers were validated, and of which operations. */
export const checked = { count: 0, operations: new Set() };

/**
 * Wraps the TSP client's one door to HTTP (RestClient.httpRequest) so that every answer of its run is validated
 * against API.yaml, whatever endpoint it calls; a misfit fails the call that got it.
 */
export function validateEveryAnswer(RestClient, base) {
    const request = RestClient.httpRequest;
    RestClient.httpRequest = async function (req) {
        const response = await request.call(this, req);
        const apiPath = new URL(req.url).pathname.slice(new URL(base).pathname.length);
        validate(req.method.toUpperCase(), apiPath, response.status, response.text);
        checked.count++;
        checked.operations.add(req.method.toUpperCase() + ' ' + operationOf(req.method.toUpperCase(), apiPath));
        return response;
    };
}
