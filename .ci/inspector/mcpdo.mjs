// The official MCP Inspector's `mcpdo` command (pinned by .ci/inspector.sh)
// against examples/conformance_server.rs, headless.
//
//     node mcpdo.mjs MCPDO_BIN CONFIG ERA     # ERA: modern (2026-07-28) or legacy (2025-11-25)
//
// MCPDO_BIN is the package's mcpdo script, CONFIG a read-only mcpdo config
// with one entry per era (named `modern` and `legacy`). For every tool of the
// server, the cases below call it through `mcpdo @ERA tools/call`, get the
// `elicitationPending` payload, answer with `mcpdo elicitation/respond` (an
// answer, --decline or --cancel), and assert each question (message, field
// order, origin: `input-required` on modern, `server-request` on legacy) and
// the final tool result: the exact text, isError, and structuredContent.
//
// A rejected answer is asked again under the same key (another
// input_required round on modern, another elicitation/create on legacy): the
// re-asked question's message is the question, a blank line and one line per
// problem; every property answered validly comes back as its `default`. A
// question is asked at most 3 times, and the same refused answer twice ends
// the call naming the client problem: each rejection case gives its wrong
// answer twice (`twice`), checks the re-asked question exactly, then that
// result; an option's title sent instead of its value (the client showed
// the form) is given three times (`thrice`), and three different wrong
// answers, before the isError rejection.
// Prints one line per case; exits non-zero if any failed.

import { execFileSync } from "node:child_process";
import { deepStrictEqual, ok } from "node:assert/strict";

const [mcpdoBin, config, era] = process.argv.slice(2);

// --- what the server asks -------------------------------------------------

const SEP1330 = {
    message: "Please choose from each of the enum fields (SEP-1330)",
    fields: ["untitledSingle", "titledSingle", "legacyEnum", "untitledMulti", "titledMulti"],
};
const SEP1034 = {
    message: "Please review the pre-filled fields (SEP-1034)",
    fields: ["name", "age", "score", "status", "verified"],
};
const TRIAGE = { message: "How bad is it?", fields: ["severity"] };
const IMPACT = { message: "Which services are affected?", fields: ["services"] };
const CONFIRM = { message: "Deploy billing to prod-eu?", fields: ["confirm"] };
// test_long_list: 10,000 hosts, narrowed by a search first.
const SEARCH = { message: "Which host?", fields: ["search"] };
const PICK = { message: "Which host?", fields: ["choice"] };

const SEP1330_VALID = {
    untitledSingle: "option2",
    titledSingle: "value3",
    legacyEnum: "opt1",
    untitledMulti: ["option1", "option3"],
    titledMulti: ["value2"],
};
const SEP1034_VALID = { name: "Ada", age: 36, score: 88.5, status: "pending", verified: false };

/** `content` with some fields changed; `undefined` drops a field. */
function changed(content, fields) {
    const result = { ...content };
    for (const [name, value] of Object.entries(fields)) {
        if (value === undefined) delete result[name];
        else result[name] = value;
    }
    return result;
}

// --- answers and outcomes ------------------------------------------------

const accept = (content) => ({ args: [JSON.stringify(content)] });
const decline = { args: ["--decline"] };
const cancel = { args: ["--cancel"] };

/** A successful tool result with this text. */
const done = (text) => ({ kind: "done", text });
/** `Elicitation completed: action=accept, content=JSON`, as the server writes it. */
const accepted = (content) => done(`Elicitation completed: action=accept, content=${JSON.stringify(content)}`);
const DECLINED = done("Elicitation completed: action=decline, content={}");
const CANCELLED = done("Elicitation completed: action=cancel, content={}");
/** A tool result with isError: true, whose structuredContent.errors is exactly `errors`. */
const rejected = (...errors) => ({ kind: "rejected", errors });
/** The next question: `ask` (its message and fields). */
const asked = (ask) => ({ kind: "asked", ask });
/**
 * The same question asked again after a rejected answer: its message is the
 * question, a blank line, then `reasons`, one a line; its fields' defaults
 * are exactly `defaults` (the valid parts of the rejected answer, the form's
 * own defaults where nothing valid was given).
 */
const again = (ask, reasons, defaults = {}) => ({
    kind: "asked", ask, again: true, message: `${ask.message}\n\n${reasons.join("\n")}`, defaults,
});
/**
 * A tool result with isError: true that names the client problem after the
 * same refused answer twice (a client that answers without showing the
 * form): the question under `key` is one only a person can answer.
 */
const notShown = (key) => ({ kind: "notShown", key });
/**
 * The steps of one title sent instead of a value three times: `reask` (the
 * question again, the option's value pre-filled) twice, then `last`. The
 * client showed the form: the same title twice is asked again, not ended as
 * a client that shows nothing.
 */
const thrice = (answer, reask, last) => [[answer, reask], [answer, reask], [answer, last]];
/** The steps of one wrong `answer` given twice: `reask` (the question again), then the call ends naming the client. */
const twice = (answer, reask, key) => [[answer, reask], [answer, notShown(key)]];
const NOT_SHOWN = "This client cannot show the person a form (it sent the same refused answer twice, "
    + "so it does not seem to show the form; ";

/** The rejection text the server writes for one error entry. */
function rejectionText(errors) {
    return `the client's answer was rejected: ${errors.map((error) => error.message).join("; ")}`;
}

// The form's own defaults of SEP-1034: kept where nothing valid replaced them.
const SEP1034_DEFAULTS = { name: "John Doe", age: 30, score: 95.5, status: "active", verified: true };
const TITLE_SENT = "Pick one titled option: please choose \u201cFirst Option\u201d again from the list.";
const TOO_MANY = "Affected services: pick at most 2; you picked 3.";
const SEVERITY_TITLE = "Severity: please choose \u201cHigh: users are affected\u201d again from the list.";

// tool -> [name, first question, [[answer, what follows], ..]]
const CASES = {
    test_elicitation_sep1330_enums: [
        ["a valid answer", SEP1330, [[accept(SEP1330_VALID), accepted(SEP1330_VALID)]]],
        ["a title instead of a value, three times", SEP1330, thrice(
            accept(changed(SEP1330_VALID, { titledSingle: "First Option" })),
            // The title sent pre-fills its option's value.
            again(SEP1330, [TITLE_SENT], changed(SEP1330_VALID, { titledSingle: "value1" })),
            rejected({
                field: "titledSingle",
                value: "First Option",
                allowed: ["value1", "value2", "value3"],
                message: 'field `titledSingle`: invalid value "First Option": the client sent the title of option "value1" instead of its value; expected one of "value1", "value2", "value3"',
            }),
        )],
        ["a title instead of a value, then cancel", SEP1330, [
            [accept(changed(SEP1330_VALID, { titledSingle: "First Option" })),
                again(SEP1330, [TITLE_SENT], changed(SEP1330_VALID, { titledSingle: "value1" }))],
            [cancel, CANCELLED],
        ]],
        ["a wrong answer followed by a right one", SEP1330, [
            [accept(changed(SEP1330_VALID, { titledSingle: "First Option" })),
                again(SEP1330, [TITLE_SENT], changed(SEP1330_VALID, { titledSingle: "value1" }))],
            [accept(SEP1330_VALID), accepted(SEP1330_VALID)],
        ]],
        ["a value not offered in a multi-select, twice", SEP1330, twice(
            accept(changed(SEP1330_VALID, { untitledMulti: ["option1", "option9"] })),
            // The options offered among the items are kept.
            again(SEP1330, ["Pick any options: \u201coption9\u201d is not one of the choices; choose from \u201coption1\u201d, \u201coption2\u201d or \u201coption3\u201d."],
                changed(SEP1330_VALID, { untitledMulti: ["option1"] })), "sep1330")],
        ["a missing required field, twice", SEP1330, twice(
            accept(changed(SEP1330_VALID, { legacyEnum: undefined })),
            again(SEP1330, ["Pick one option (legacy list): this answer is required."], changed(SEP1330_VALID, { legacyEnum: undefined })), "sep1330")],
        ["three different wrong answers", SEP1330, [
            [accept(changed(SEP1330_VALID, { titledSingle: "First Option" })),
                again(SEP1330, [TITLE_SENT], changed(SEP1330_VALID, { titledSingle: "value1" }))],
            [accept(changed(SEP1330_VALID, { untitledMulti: ["option1", "option9"] })),
                again(SEP1330, ["Pick any options: \u201coption9\u201d is not one of the choices; choose from \u201coption1\u201d, \u201coption2\u201d or \u201coption3\u201d."],
                    changed(SEP1330_VALID, { untitledMulti: ["option1"] }))],
            [accept(changed(SEP1330_VALID, { titledSingle: "First Option" })), rejected({
                field: "titledSingle",
                value: "First Option",
                allowed: ["value1", "value2", "value3"],
                message: 'field `titledSingle`: invalid value "First Option": the client sent the title of option "value1" instead of its value; expected one of "value1", "value2", "value3"',
            })],
        ]],
        ["decline", SEP1330, [[decline, DECLINED]]],
        ["cancel", SEP1330, [[cancel, CANCELLED]]],
    ],
    test_elicitation_sep1034_defaults: [
        ["a valid answer", SEP1034, [[accept(SEP1034_VALID), accepted(SEP1034_VALID)]]],
        ["a bound broken, twice", SEP1034, twice(
            accept(changed(SEP1034_VALID, { age: 151 })),
            again(SEP1034, ["Age: enter a number from 0 to 150; you entered \u201c151\u201d."],
                changed(SEP1034_VALID, { age: SEP1034_DEFAULTS.age })), "sep1034")],
        ["a bound broken, then the right answer", SEP1034, [
            [accept(changed(SEP1034_VALID, { age: 151 })), again(SEP1034,
                ["Age: enter a number from 0 to 150; you entered \u201c151\u201d."],
                changed(SEP1034_VALID, { age: SEP1034_DEFAULTS.age }))],
            [accept(SEP1034_VALID), accepted(SEP1034_VALID)],
        ]],
        ["a value not offered, twice", SEP1034, twice(
            accept(changed(SEP1034_VALID, { status: "Active" })),
            again(SEP1034, ["Status: \u201cActive\u201d is not one of the choices; choose \u201cactive\u201d, \u201cinactive\u201d or \u201cpending\u201d."],
                changed(SEP1034_VALID, { status: SEP1034_DEFAULTS.status })), "sep1034")],
        ["a missing required field, twice", SEP1034, twice(
            accept(changed(SEP1034_VALID, { name: undefined })),
            again(SEP1034, ["Name: this answer is required."], changed(SEP1034_VALID, { name: SEP1034_DEFAULTS.name })), "sep1034")],
        ["a missing required field, then cancel", SEP1034, [
            [accept(changed(SEP1034_VALID, { name: undefined })),
                again(SEP1034, ["Name: this answer is required."], changed(SEP1034_VALID, { name: SEP1034_DEFAULTS.name }))],
            [cancel, CANCELLED],
        ]],
        ["decline", SEP1034, [[decline, DECLINED]]],
        ["cancel", SEP1034, [[cancel, CANCELLED]]],
    ],
    test_two_questions: [
        ["a valid answer, then the second question", TRIAGE, [
            [accept({ severity: "high" }), asked(IMPACT)],
            [accept({ services: ["search", "login"] }), done(
                'Elicitation completed: action=accept, content={"severity":"high"}; '
                + 'Elicitation completed: action=accept, content={"services":["search","login"]}',
            )],
        ]],
        ["a valid answer that needs no second question", TRIAGE, [
            [accept({ severity: "low" }), accepted({ severity: "low" })],
        ]],
        // Three options picked do not fit maxItems: none is pre-filled.
        ["too many items, twice", TRIAGE, [
            [accept({ severity: "high" }), asked(IMPACT)],
            ...twice(accept({ services: ["search", "login", "checkout"] }), again(IMPACT, [TOO_MANY]), "impact"),
        ]],
        ["too many items, then decline", TRIAGE, [
            [accept({ severity: "high" }), asked(IMPACT)],
            [accept({ services: ["search", "login", "checkout"] }), again(IMPACT, [TOO_MANY])],
            [decline, done('Elicitation completed: action=accept, content={"severity":"high"}; Elicitation completed: action=decline, content={}')],
        ]],
        ["a wrong answer followed by a right one", TRIAGE, [
            [accept({ severity: "high" }), asked(IMPACT)],
            [accept({ services: ["search", "login", "checkout"] }), again(IMPACT, [TOO_MANY])],
            [accept({ services: ["search"] }), done(
                'Elicitation completed: action=accept, content={"severity":"high"}; '
                + 'Elicitation completed: action=accept, content={"services":["search"]}',
            )],
        ]],
        ["a title instead of a value, three times", TRIAGE, thrice(
            accept({ severity: "High: users are affected" }),
            again(TRIAGE, [SEVERITY_TITLE], { severity: "high" }),
            rejected({
                field: "severity",
                value: "High: users are affected",
                allowed: ["low", "high"],
                message: 'field `severity`: invalid value "High: users are affected": the client sent the title of option "high" instead of its value; expected one of "low", "high"',
            }),
        )],
        ["a missing required field, twice", TRIAGE, twice(
            accept({}),
            again(TRIAGE, ["Severity: this answer is required."]), "triage")],
        ["decline", TRIAGE, [[decline, DECLINED]]],
        ["cancel the second question", TRIAGE, [
            [accept({ severity: "high" }), asked(IMPACT)],
            [cancel, done('Elicitation completed: action=accept, content={"severity":"high"}; Elicitation completed: action=cancel, content={}')],
        ]],
    ],
    test_confirm: [
        ["yes", CONFIRM, [[accept({ confirm: "yes" }), done("confirmed: deploying billing to prod-eu")]]],
        ["no", CONFIRM, [[accept({ confirm: "no" }), done("not confirmed: nothing deployed")]]],
        ["a title instead of a value, three times", CONFIRM, thrice(
            accept({ confirm: "Yes" }),
            again(CONFIRM, ["confirm: please choose \u201cYes\u201d again from the list."], { confirm: "yes" }),
            rejected({
                field: "confirm",
                value: "Yes",
                allowed: ["yes", "no"],
                message: 'field `confirm`: invalid value "Yes": the client sent the title of option "yes" instead of its value; expected one of "yes", "no"',
            }),
        )],
        ["a wrong answer followed by a right one", CONFIRM, [
            [accept({ confirm: "Yes" }), again(CONFIRM, ["confirm: please choose \u201cYes\u201d again from the list."], { confirm: "yes" })],
            [accept({ confirm: "yes" }), done("confirmed: deploying billing to prod-eu")],
        ]],
        ["a boolean instead of a value, twice", CONFIRM, twice(
            accept({ confirm: true }),
            again(CONFIRM, ["confirm: choose “Yes” or “No”."]), "confirm")],
        ["a missing required field, twice", CONFIRM, twice(
            accept({}),
            again(CONFIRM, ["confirm: this answer is required."]), "confirm")],
        ["decline", CONFIRM, [[decline, done("declined: nothing deployed")]]],
        ["cancel", CONFIRM, [[cancel, done("cancelled: nothing deployed")]]],
    ],
    test_long_list: [
        ["a search matching none, then too many, then one, then the pick", SEARCH, [
            [accept({ search: "zzz" }), again(SEARCH, ["Search: nothing matches \u201czzz\u201d; try another part of the name."])],
            [accept({ search: "host" }), again(SEARCH, ["Search: \u201chost\u201d matches 10000 options; type more of the name, so that at most 50 match."])],
            [accept({ search: "4999" }), asked(PICK)],
            [accept({ choice: "host-4999" }), done("picked host-4999 (#4999)")],
        ]],
        ["a search, then a host not among the matches, then the right one", SEARCH, [
            [accept({ search: "4999" }), asked(PICK)],
            [accept({ choice: "host-0001" }), again(PICK, ["Host: \u201chost-0001\u201d is not one of the choices; choose \u201cHost 4999\u201d."])],
            [accept({ choice: "host-4999" }), done("picked host-4999 (#4999)")],
        ]],
        ["decline at the search", SEARCH, [[decline, done("declined")]]],
    ],
};

// --- the driver -----------------------------------------------------------

/** Runs `mcpdo --config CONFIG --format json ARGS..`; returns its JSON output and exit status. */
function mcpdo(...args) {
    let stdout;
    let status = 0;
    try {
        stdout = execFileSync(process.execPath, [mcpdoBin, "--config", config, "--format", "json", ...args], {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
            timeout: 60_000,
        });
    } catch (error) {
        if (typeof error.status !== "number") throw error;
        ({ stdout, status } = error);
    }
    try {
        return { output: JSON.parse(stdout), status };
    } catch {
        throw new Error(`mcpdo ${args.join(" ")}: exit ${status}, not JSON: ${stdout}`);
    }
}

const ORIGIN = { modern: "input-required", legacy: "server-request" };

/** Checks that `output` is the question `ask` (asked `again`, with exactly `message` and `defaults`); returns its id. */
function checkAsked(output, ask, { again = false, message, defaults } = {}) {
    const pending = output.elicitationPending;
    ok(pending, `expected a question, got ${JSON.stringify(output)}`);
    deepStrictEqual(pending.origin, ORIGIN[era], "origin");
    deepStrictEqual(pending.mode, "form", "mode");
    const properties = pending.requestedSchema.properties;
    deepStrictEqual(Object.keys(properties), ask.fields, "field order");
    deepStrictEqual(pending.message, again ? message : ask.message, again ? "re-asked message" : "message");
    if (again) {
        const found = Object.fromEntries(Object.entries(properties)
            .filter(([, schema]) => "default" in schema).map(([name, schema]) => [name, schema.default]));
        deepStrictEqual(found, defaults, "the defaults of the re-asked form");
    }
    return pending.elicitationId;
}

/** Checks a final tool result. */
function checkResult({ output, status }, expected) {
    ok(!output.elicitationPending, `expected a result, got another question: ${JSON.stringify(output)}`);
    const text = output.content?.[0]?.text;
    if (expected.kind === "done") {
        deepStrictEqual([status, output.isError ?? false, text], [0, false, expected.text]);
        deepStrictEqual(output.structuredContent, undefined, "structuredContent");
    } else if (expected.kind === "notShown") {
        deepStrictEqual([status, output.isError], [5, true]);
        ok(text.startsWith(NOT_SHOWN), `the client named: ${text}`);
        deepStrictEqual(output.structuredContent.unasked.map((entry) => entry.key), [expected.key], "unasked");
    } else {
        // mcpdo exits with 5 when the tool result has isError: true.
        deepStrictEqual(output.structuredContent, { errors: expected.errors }, "structuredContent");
        deepStrictEqual([status, output.isError, text], [5, true, rejectionText(expected.errors)]);
    }
}

function runCase(tool, [name, first, steps]) {
    let id = checkAsked(mcpdo(`@${era}`, "tools/call", tool).output, first);
    for (const [answer, expected] of steps) {
        const reply = mcpdo("elicitation/respond", id, ...answer.args);
        if (expected.kind === "asked") {
            id = checkAsked(reply.output, expected.ask, expected);
        } else {
            checkResult(reply, expected);
        }
    }
}

const { output: info } = mcpdo("connections/show", era);
const expectedVersion = { modern: "2026-07-28", legacy: "2025-11-25" }[era];
deepStrictEqual(info.protocolVersion, expectedVersion, "negotiated protocol version");
console.log(`mcpdo @${era}: protocol ${info.protocolVersion}`);

let failed = 0;
for (const [tool, list] of Object.entries(CASES)) {
    for (const entry of list) {
        try {
            runCase(tool, entry);
            console.log(`  ${tool}: ${entry[0]}: ok`);
        } catch (error) {
            failed += 1;
            console.log(`  ${tool}: ${entry[0]}: FAILED: ${error.message}`);
            // A call left waiting for an answer would block the next one.
            const pending = /elicitation\/respond (\S+)/.exec(mcpdo(`@${era}`, "tools/list").output?.error?.message ?? "");
            if (pending) mcpdo("elicitation/respond", pending[1], "--cancel");
        }
    }
}
if (failed) {
    console.log(`mcpdo @${era}: ${failed} case(s) FAILED`);
    process.exit(1);
}
console.log(`mcpdo @${era}: every case passed`);
