// The official TypeScript SDK client (@modelcontextprotocol/sdk, pinned by
// .ci/clients.sh) against examples/conformance_server.rs.
//
//     node ts_client.mjs URL
//
// Answers the server's elicitations with a valid answer, a title instead of a
// value, a value not offered, a string for a multi-select, a missing required
// field, decline and cancel, and asserts every outcome, the negotiated
// revision, the field order of each requestedSchema as it came off the wire
// (JSON.parse keeps the order of string keys) and each field's title. Exits non-zero on the first
// failure.

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

// [name, ElicitResult, expected text or expected rejection entry]
const CASES = [
  ["valid answer", { action: "accept", content: VALID },
    'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3",' +
    '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}'],
  ["title instead of value", { action: "accept", content: changed({ titledSingle: "First Option" }) },
    { field: "titledSingle", value: "First Option", allowed: ["value1", "value2", "value3"] }],
  ["value not offered", { action: "accept", content: changed({ untitledSingle: "option9" }) },
    { field: "untitledSingle", value: "option9", allowed: ["option1", "option2", "option3"] }],
  ["string for a multi-select", { action: "accept", content: changed({ untitledMulti: "option1" }) },
    { field: "untitledMulti", value: "option1", type: "array" }],
  ["missing required field", { action: "accept", content: changed({ legacyEnum: undefined }) },
    { field: "legacyEnum" }],
  ["decline", { action: "decline" }, "Elicitation completed: action=decline, content={}"],
  ["cancel", { action: "cancel" }, "Elicitation completed: action=cancel, content={}"],
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

for (const [name, answer, expected] of CASES) {
  answers = [answer];
  requests = [];
  const result = await client.callTool({ name: "test_elicitation_sep1330_enums", arguments: {} });
  check(requests.length === 1, `${name}: ${requests.length} elicitations`);
  const properties = requests[0].requestedSchema.properties;
  check(same(Object.keys(properties), SEP1330_FIELDS), `field order ${Object.keys(properties)}`);
  for (const [field, keys] of Object.entries(SEP1330_KEYS)) {
    check(same(Object.keys(properties[field]), keys), `${field}: key order ${Object.keys(properties[field])}`);
  }
  const titles = Object.fromEntries(Object.entries(properties).map(([field, schema]) => [field, schema.title]));
  check(same(titles, SEP1330_TITLES), `field titles ${JSON.stringify(titles)}`);
  const text = result.content[0].text;
  if (typeof expected === "string") {
    check(!result.isError, `${name}: isError, ${text}`);
    check(text === expected, `${name}: ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
  } else {
    check(result.isError === true, `${name}: not rejected: ${text}`);
    const errors = result.structuredContent.errors;
    check(errors.length === 1, `${name}: ${JSON.stringify(errors)}`);
    const entry = Object.fromEntries(Object.keys(expected).map((key) => [key, errors[0][key]]));
    check(same(entry, expected), `${name}: ${JSON.stringify(errors[0])}, expected ${JSON.stringify(expected)}`);
    check(text.startsWith("the client's answer was rejected: field `"), `${name}: ${text}`);
  }
  console.log(`  sep1330 ${name}: ok`);
}

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

await client.close();
console.log("typescript client: every check passed");
