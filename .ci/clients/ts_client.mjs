// The official TypeScript SDK client (@modelcontextprotocol/sdk, pinned by
// .ci/clients.sh) against examples/conformance_server.rs.
//
//     node ts_client.mjs URL
//
// Answers the server's elicitations with a valid answer, a title instead of a
// value, a value not offered, a string for a multi-select, a missing required
// field, too many items, decline and cancel, and asserts every outcome, the
// negotiated revision, the field order of each requestedSchema as it came off
// the wire (JSON.parse keeps the order of string keys) and each field's title.
// A rejected answer is asked again (another elicitation/create in the same
// call), at most 3 times: each wrong answer is given twice and the re-asked
// request is checked (the message followed by the reason, the valid answers
// pre-filled as `default`), then the same refused answer again ends the call
// naming the client problem; three different wrong answers end with the
// isError rejection; a wrong answer followed by the right one ends with the
// right result. Exits non-zero on the first failure.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const SEP1330_FIELDS = ["untitledSingle", "titledSingle", "legacyEnum", "untitledMulti", "titledMulti"];
const SEP1330_KEYS = {
  untitledSingle: ["type", "title", "description", "enum"],
  titledSingle: ["type", "title", "description", "oneOf"],
  legacyEnum: ["type", "title", "description", "enum", "enumNames"],
  untitledMulti: ["type", "title", "description", "items"],
  titledMulti: ["type", "title", "description", "items"],
};
// The label a person reads for each field (its `title`).
const SEP1330_TITLES = {
  untitledSingle: "Pick one option",
  titledSingle: "Pick one titled option",
  legacyEnum: "Pick one option (legacy list)",
  untitledMulti: "Pick any options",
  titledMulti: "Pick any titled choices",
};
const VALID = {
  untitledSingle: "option2",
  titledSingle: "value3",
  legacyEnum: "opt1",
  untitledMulti: ["option1", "option3"],
  titledMulti: ["value2"],
};

function changed(fields) {
  const content = { ...VALID };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) delete content[name];
    else content[name] = value;
  }
  return content;
}

const SEP1330_MESSAGE = "Please choose from each of the enum fields (SEP-1330)";
const IMPACT_MESSAGE = "Which services are affected?";
const VALID_TEXT = 'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3",' +
  '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}';
const accept = (content) => ({ action: "accept", content });
/** The message of a question asked again: the question, a blank line, one line per problem. */
const again = (message, reasons) => `${message}\n\n${reasons.join("\n")}`;

// A rejected answer is asked again under the same key, at most 3 times; the
// 3rd rejection ends the call with isError. Each rejection case answers
// wrongly 3 times and checks both re-asked requests: the message with the
// reason, and every validly answered field pre-filled as its `default`.
// [name, wrong answer, expected rejection entry, the reason line, the re-asked defaults]
const REJECTIONS = [
  ["title instead of value", accept(changed({ titledSingle: "First Option" })),
    { field: "titledSingle", value: "First Option", allowed: ["value1", "value2", "value3"] },
    "Pick one titled option: please choose \u201cFirst Option\u201d again from the list.",
    // The title sent instead of a value pre-fills that option's value.
    changed({ titledSingle: "value1" })],
  ["value not offered", accept(changed({ untitledSingle: "option9" })),
    { field: "untitledSingle", value: "option9", allowed: ["option1", "option2", "option3"] },
    "Pick one option: \u201coption9\u201d is not one of the choices; " +
    "choose \u201coption1\u201d, \u201coption2\u201d or \u201coption3\u201d.",
    changed({ untitledSingle: undefined })],
  ["string for a multi-select", accept(changed({ untitledMulti: "option1" })),
    { field: "untitledMulti", value: "option1", type: "array" },
    "Pick any options: choose from the list.",
    changed({ untitledMulti: undefined })],
  ["missing required field", accept(changed({ legacyEnum: undefined })),
    { field: "legacyEnum" },
    "Pick one option (legacy list): this answer is required.",
    changed({ legacyEnum: undefined })],
];

// [name, the answers in turn, expected text]
const OUTCOMES = [
  ["valid answer", [accept(VALID)], VALID_TEXT],
  ["a wrong answer, then the right one", [accept(changed({ titledSingle: "Third Option" })), accept(VALID)], VALID_TEXT],
  ["a wrong answer, then cancel", [accept(changed({ untitledSingle: "option9" })), { action: "cancel" }],
    "Elicitation completed: action=cancel, content={}"],
  ["decline", [{ action: "decline" }], "Elicitation completed: action=decline, content={}"],
  ["cancel", [{ action: "cancel" }], "Elicitation completed: action=cancel, content={}"],
];

function check(condition, what) {
  if (!condition) throw new Error(what);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

let answers = [];
let requests = [];

// The SDK checks the answer's shape (ElicitResult), not its values against
// requestedSchema: the server's checks are what is tested here.
const client = new Client(
  { name: "enum-schema-ts-client", version: "0.0.0" },
  { capabilities: { elicitation: { form: {} } } },
);
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  requests.push(request.params);
  return answers.shift();
});

const transport = new StreamableHTTPClientTransport(new URL(process.argv[2]));
await client.connect(transport);
const version = transport.protocolVersion;
check(version === "2025-11-25", `negotiated ${version}, expected 2025-11-25`);
console.log(`typescript sdk client: protocol ${version}`);

/** The defaults of a request's properties. */
function defaults(request) {
  return Object.fromEntries(Object.entries(request.requestedSchema.properties)
    .filter(([, schema]) => "default" in schema).map(([field, schema]) => [field, schema.default]));
}

/** A SEP-1330 request: message, field order, key order (a default last), titles, defaults. */
function checkSep1330(name, request, message = SEP1330_MESSAGE, prefilled = {}) {
  check(request.message === message, `${name}: message ${JSON.stringify(request.message)}, expected ${JSON.stringify(message)}`);
  check(same(defaults(request), prefilled), `${name}: defaults ${JSON.stringify(defaults(request))}, expected ${JSON.stringify(prefilled)}`);
  const properties = request.requestedSchema.properties;
  check(same(Object.keys(properties), SEP1330_FIELDS), `${name}: field order ${Object.keys(properties)}`);
  for (const [field, keys] of Object.entries(SEP1330_KEYS)) {
    const expected = field in prefilled ? [...keys, "default"] : keys;
    check(same(Object.keys(properties[field]), expected), `${name}: ${field}: key order ${Object.keys(properties[field])}`);
  }
  const titles = Object.fromEntries(Object.entries(properties).map(([field, schema]) => [field, schema.title]));
  check(same(titles, SEP1330_TITLES), `${name}: field titles ${JSON.stringify(titles)}`);
}

const NOT_SHOWN = "This client cannot show the person a form (it sent the same refused answer twice, " +
  "so it does not seem to show the form; ";

for (const [name, answer, expected, reason, prefilled] of REJECTIONS) {
  // The same wrong answer twice: a client that answers without showing the
  // form. Asked again once with the reason, then the call ends naming it.
  // A title sent instead of a value is the exception (the client showed the
  // form): asked three times, then rejected.
  const title = name === "title instead of value";
  answers = [answer, answer, answer];
  requests = [];
  const result = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
  const asked = title ? 3 : 2;
  check(requests.length === asked, `${name}: ${requests.length} elicitations, expected ${asked}`);
  checkSep1330(name, requests[0]);
  for (const request of requests.slice(1)) {
    checkSep1330(`${name}, asked again`, request, again(SEP1330_MESSAGE, [reason]), prefilled);
  }
  const text = result.content[0].text;
  check(result.isError === true, `${name}: not an error result: ${text}`);
  if (title) {
    const errors = result.structuredContent.errors;
    const entry = Object.fromEntries(Object.keys(expected).map((key) => [key, errors[0][key]]));
    check(errors.length === 1 && same(entry, expected), `${name}: ${JSON.stringify(errors)}`);
    console.log(`  sep1330 ${name}: asked again twice with the reason, then rejected: ok`);
  } else {
    check(text.startsWith(NOT_SHOWN), `${name}: ${text}`);
    check(same(result.structuredContent.unasked.map((entry) => entry.key), ["sep1330"]),
      `${name}: ${JSON.stringify(result.structuredContent)}`);
    console.log(`  sep1330 ${name}: asked again with the reason, the same answer again ends the call: ok`);
  }
}

{
  // Three different wrong answers: the rejection of the last.
  const [, first, expected] = REJECTIONS[1];
  answers = [first, REJECTIONS[3][1], first];
  requests = [];
  const result = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
  check(requests.length === 3, `three wrong answers: ${requests.length} elicitations, expected 3`);
  const text = result.content[0].text;
  check(result.isError === true, `three wrong answers: not rejected: ${text}`);
  const errors = result.structuredContent.errors;
  const entry = Object.fromEntries(Object.keys(expected).map((key) => [key, errors[0][key]]));
  check(errors.length === 1 && same(entry, expected), `three wrong answers: ${JSON.stringify(errors)}`);
  check(text.startsWith("the client's answer was rejected: field `"), `three wrong answers: ${text}`);
  console.log("  sep1330 three different wrong answers: asked again twice, then rejected: ok");
}

for (const [name, given, expected] of OUTCOMES) {
  answers = [...given];
  requests = [];
  const result = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
  check(answers.length === 0 && requests.length === given.length, `${name}: ${requests.length} elicitations, expected ${given.length}`);
  checkSep1330(name, requests[0]);
  const text = result.content[0].text;
  check(!result.isError, `${name}: isError, ${text}`);
  check(text === expected, `${name}: ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
  console.log(`  sep1330 ${name}: ok`);
}

// The re-asked request of a wrong-then-right answer, in full: a title sent
// for the titled single-select pre-fills its value.
answers = [accept(changed({ titledSingle: "Third Option", legacyEnum: "Option One" })), accept(VALID)];
requests = [];
const mended = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
checkSep1330("two titles instead of values, asked again", requests[1], again(SEP1330_MESSAGE, [
  "Pick one titled option: please choose \u201cThird Option\u201d again from the list.",
  "Pick one option (legacy list): please choose \u201cOption One\u201d again from the list.",
]), VALID);
check(!mended.isError && mended.content[0].text === VALID_TEXT, `two titles: ${mended.content[0].text}`);
console.log("  sep1330 two titles instead of values: one line each, their values pre-filled, then the right answer: ok");

answers = [
  { action: "accept", content: { severity: "high" } },
  { action: "accept", content: { services: ["search", "login"] } },
];
requests = [];
const two = await client.callTool({ name: "test_two_questions", arguments: {} });
check(same(requests.map((r) => r.message), ["How bad is it?", "Which services are affected?"]),
  `two questions: ${JSON.stringify(requests)}`);
check(two.content[0].text === 'Elicitation completed: action=accept, content={"severity":"high"}; ' +
  'Elicitation completed: action=accept, content={"services":["search","login"]}', `two questions: ${two.content[0].text}`);
console.log("  two questions, the second depending on the first: ok");

// Too many items for the second question: asked again with the reason (the
// options picked do not fit maxItems, so none is pre-filled), then right.
const tooMany = accept({ services: ["search", "login", "checkout"] });
const reasked = again(IMPACT_MESSAGE, ["Affected services: pick at most 2; you picked 3."]);
answers = [accept({ severity: "high" }), tooMany, accept({ services: ["login"] })];
requests = [];
const fixed = await client.callTool({ name: "test_two_questions", arguments: {} });
check(same(requests.map((r) => r.message), ["How bad is it?", IMPACT_MESSAGE, reasked]),
  `too many items: ${JSON.stringify(requests.map((r) => r.message))}`);
check(same(defaults(requests[2]), {}), `too many items: defaults ${JSON.stringify(defaults(requests[2]))}`);
check(!fixed.isError && fixed.content[0].text === 'Elicitation completed: action=accept, content={"severity":"high"}; ' +
  'Elicitation completed: action=accept, content={"services":["login"]}', `too many items: ${fixed.content[0].text}`);
console.log("  two questions, too many items, asked again, then the right answer: ok");

// Never the same answer twice in a row: the order of the items differs.
const reordered = accept({ services: ["checkout", "search", "login"] });
answers = [accept({ severity: "high" }), tooMany, reordered, tooMany];
requests = [];
const refused = await client.callTool({ name: "test_two_questions", arguments: {} });
check(same(requests.map((r) => r.message), ["How bad is it?", IMPACT_MESSAGE, reasked, reasked]),
  `too many items 3 times: ${JSON.stringify(requests.map((r) => r.message))}`);
check(refused.isError === true, `too many items 3 times: not rejected: ${refused.content[0].text}`);
check(same(refused.structuredContent.errors.map((e) => [e.field, e.maxItems]), [["services", 2]]),
  `too many items 3 times: ${JSON.stringify(refused.structuredContent.errors)}`);
check(refused.content[0].text.startsWith("the client's answer was rejected: field `services`"), `${refused.content[0].text}`);
console.log("  two questions, too many items three times, rejected: ok");

await client.close();
console.log("typescript client: every check passed");
