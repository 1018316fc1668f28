// The official MCP Inspector's web UI (pinned by .ci/inspector.sh) in
// headless Chromium (Debian's, driven by playwright-core), against
// examples/conformance_server.rs.
//
//     node web.mjs URL SCREENSHOT_DIR     # URL: the Inspector's, with its token
//
// The Inspector was started with a config of two servers, `modern`
// (2026-07-28) and `legacy` (2025-11-25), both the conformance server. For
// each era the script connects, runs tools from the Tools tab and, in the
// "Elicitation Request" dialog, checks what a person sees: the fields in
// declaration order, the options of every enum shape by their titles, the
// defaults pre-filled; then answers through the form as a person would and
// checks the tool's result, which proves the titles went back as values.
// It saves a screenshot of each form and of each enum shape's open list
// to SCREENSHOT_DIR. Then it answers wrongly, as a person can: a title
// instead of a value through "Edit as JSON", and too many items through the
// multi-select (which does not pass maxItems on); it checks the form asked
// again (the reason under the question, every valid answer pre-filled),
// saves it, and answers it right.
//
// The browser may reach 127.0.0.1 only: every other request is aborted
// (the page asks Google for its fonts). Exits non-zero on the first failure.

import { deepStrictEqual, ok } from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [inspectorUrl, shots] = process.argv.slice(2);
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
mkdirSync(shots, { recursive: true });

// The fields as labelled: the Inspector shows each property's `title`.
const SEP1330_FIELDS = ["Pick one option", "Pick one titled option", "Pick one option (legacy list)",
    "Pick any options", "Pick any titled choices"];
// field -> [shape, the options as listed, what to pick]
const SEP1330_SHAPES = {
    "Pick one option": ["untitled-single-select", ["option1", "option2", "option3"], ["option2"]],
    "Pick one titled option": ["titled-single-select", ["First Option", "Second Option", "Third Option"], ["Third Option"]],
    "Pick one option (legacy list)": ["legacy-titled-enumnames", ["Option One", "Option Two", "Option Three"], ["Option One"]],
    "Pick any options": ["untitled-multi-select", ["option1", "option2", "option3"], ["option1", "option3"]],
    "Pick any titled choices": ["titled-multi-select", ["First Choice", "Second Choice", "Third Choice"], ["Second Choice"]],
};
const SEP1330_MESSAGE = "Please choose from each of the enum fields (SEP-1330)";
const SEP1330_RESULT = 'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3",'
    + '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}';
const SEP1034_FIELDS = ["Name", "Age", "Score", "Status", "Verified"];
const SEP1034_RESULT = 'Elicitation completed: action=accept, content={"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}';

// --- the page -------------------------------------------------------------

/** The server card named `era` on the Servers tab. */
function card(page, era) {
    return page.locator("div", { has: page.getByText(era, { exact: true }) })
        .filter({ has: page.getByRole("switch") }).last();
}

async function connect(page, era) {
    await page.goto(inspectorUrl);
    await card(page, era).getByRole("switch").click({ force: true });
    await card(page, era).getByText("Connected", { exact: true }).waitFor();
    const version = { modern: "MCP 2026-07-28", legacy: "MCP 2025-11-25" }[era];
    await page.getByText(version, { exact: true }).waitFor();
    await page.locator("label", { hasText: /^Tools$/ }).click();
}

/** Runs `tool` from the Tools tab; returns the elicitation dialog. */
async function ask(page, tool) {
    await page.getByText(tool, { exact: true }).first().click();
    await page.getByRole("button", { name: "Execute Tool" }).click();
    const dialog = page.getByRole("dialog", { name: "Elicitation Request" });
    await dialog.waitFor();
    return dialog;
}

/** The form's field labels, top to bottom (the required mark dropped). */
async function labels(dialog) {
    const texts = await dialog.locator("label").allInnerTexts();
    return texts.map((text) => text.replace(/\s*\*$/, "").trim()).filter((text) => text !== "Edit as JSON");
}

/** The input of the field labelled `name`. */
async function input(page, dialog, name) {
    const label = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const id = await dialog.locator("label", { hasText: new RegExp(`^${label}( \\*)?$`) }).getAttribute("for");
    return page.locator(`[id="${id}"]`);
}

/** The question as the dialog shows it, in its quotes, line breaks as sent (the page shows them as spaces). */
async function message(dialog) {
    return dialog.locator("p[style*=italic]").first().evaluate((element) => element.textContent);
}

/** What the field labelled `name` shows: a select's or a text's value, a multi-select's pills. */
async function shown(page, dialog, name) {
    const field = await input(page, dialog, name);
    if (await field.evaluate((element) => element.classList.contains("mantine-MultiSelect-inputField"))) {
        return field.locator("xpath=ancestor::*[contains(@class, 'mantine-Input-input')][1]")
            .locator(".mantine-Pill-label").allInnerTexts();
    }
    return field.inputValue();
}

/** Opens the select `name`; returns its options as listed. */
async function open(page, dialog, name) {
    // Click the box a person sees: a single-select's is its input, a
    // multi-select's the pill box around its input.
    const box = (await input(page, dialog, name))
        .locator("xpath=ancestor-or-self::*[contains(@class, 'mantine-Input-input')][1]");
    await box.click();
    const list = page.locator("[role=listbox]:visible");
    await list.waitFor();
    return list.getByRole("option").allInnerTexts();
}

/** Picks `titles` in the open list, then closes it. */
async function pick(page, titles) {
    for (const title of titles) {
        await page.locator("[role=listbox]:visible").getByRole("option", { name: title, exact: true }).click();
    }
    if (await page.locator("[role=listbox]:visible").count()) await page.keyboard.press("Escape");
    await page.locator("[role=listbox]:visible").waitFor({ state: "hidden" });
}

/** Submits the form; returns the tool's result text. */
async function submit(page, dialog, before) {
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.waitFor({ state: "hidden" });
    const results = page.getByText(/^Elicitation completed: /);
    await page.waitForFunction((n) => [...document.querySelectorAll("*")]
        .filter((e) => e.children.length === 0 && e.textContent.startsWith("Elicitation completed: ")).length > n, before);
    return (await results.allInnerTexts()).at(-1);
}

async function resultCount(page) {
    return page.getByText(/^Elicitation completed: /).count();
}

/** Saves what `dialog` covers (an open list included: it is drawn inside the dialog's box). */
async function shoot(page, dialog, name) {
    // Mantine fades the dialog and its lists in: wait for those to end (the
    // spinner of the running tool, behind the dialog, never does).
    await page.waitForFunction(() => document.getAnimations().every((animation) =>
        animation.playState !== "running" || animation.effect.getComputedTiming().iterations === Infinity));
    await page.screenshot({ path: join(shots, `${name}.png`), clip: await dialog.boundingBox(), animations: "disabled" });
    console.log(`  screenshot ${name}.png`);
}

// --- the checks -----------------------------------------------------------

/** SEP-1330's five shapes: order, titles, picking by title sends values. */
async function sep1330(page, era) {
    const dialog = await ask(page, "test_elicitation_sep1330_enums");
    deepStrictEqual(await labels(dialog), SEP1330_FIELDS, "sep1330 field order");
    await shoot(page, dialog, `sep1330-${era}`);
    for (const field of SEP1330_FIELDS) {
        const [shape, listed, chosen] = SEP1330_SHAPES[field];
        deepStrictEqual(await open(page, dialog, field), listed, `${field}: the options as shown`);
        if (era === "modern") await shoot(page, dialog, `shape-${shape}`);
        await pick(page, chosen);
    }
    const text = await submit(page, dialog, await resultCount(page));
    deepStrictEqual(text, SEP1330_RESULT, "sep1330 result");
    console.log(`  ${era}: sep1330: the five shapes shown by title, in order; picked by title, sent as values: ok`);
}

/** SEP-1034: every default pre-filled; Submit as is sends them. */
async function sep1034(page, era) {
    const dialog = await ask(page, "test_elicitation_sep1034_defaults");
    deepStrictEqual(await labels(dialog), SEP1034_FIELDS, "sep1034 field order");
    const values = {};
    for (const name of ["Name", "Age", "Score", "Status"]) {
        values[name.toLowerCase()] = await (await input(page, dialog, name)).inputValue();
    }
    values.verified = await (await input(page, dialog, "Verified")).isChecked();
    deepStrictEqual(values, { name: "John Doe", age: "30", score: "95.5", status: "active", verified: true }, "pre-filled defaults");
    await shoot(page, dialog, `sep1034-defaults-${era}`);
    deepStrictEqual(await submit(page, dialog, await resultCount(page)), SEP1034_RESULT, "sep1034 result");
    console.log(`  ${era}: sep1034: every default pre-filled, in order; sent unchanged: ok`);
}

/** Confirm: a select of "Yes" and "No", nothing chosen, Submit disabled until one is. */
async function confirm(page, era) {
    const dialog = await ask(page, "test_confirm");
    ok(await dialog.getByText("Deploy billing to prod-eu?").isVisible(), "the question is shown");
    deepStrictEqual(await labels(dialog), ["confirm"], "confirm field");
    deepStrictEqual(await (await input(page, dialog, "confirm")).inputValue(), "", "nothing chosen");
    ok(await dialog.getByRole("button", { name: "Submit" }).isDisabled(), "Submit disabled until an answer is picked");
    deepStrictEqual(await open(page, dialog, "confirm"), ["Yes", "No"], "confirm options");
    await shoot(page, dialog, `confirm-${era}`);
    await pick(page, ["No"]);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("not confirmed: nothing deployed", { exact: true }).waitFor();
    console.log(`  ${era}: confirm: "Yes" and "No", none pre-chosen; "No" sent as no: ok`);
}

/**
 * A title instead of a value, sent as a person can through "Edit as JSON":
 * the same form again, the reason under the question, and every field
 * pre-filled (the title sent, mended into its option); Submit as is sends
 * them. The re-asked form is the screenshot `reask-ERA`.
 */
async function reaskTitle(page, era) {
    let dialog = await ask(page, "test_elicitation_sep1330_enums");
    await dialog.getByRole("switch", { name: "Edit as JSON" }).click({ force: true });
    await dialog.locator(".ace_content").click();
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(JSON.stringify({
        untitledSingle: "option2",
        titledSingle: "First Option",
        legacyEnum: "opt1",
        untitledMulti: ["option1", "option3"],
        titledMulti: ["value2"],
    }));
    const before = await resultCount(page);
    await dialog.getByRole("button", { name: "Submit" }).click();
    dialog = page.getByRole("dialog", { name: "Elicitation Request" });
    const reason = "Pick one titled option: please choose \u201cFirst Option\u201d again from the list.";
    await dialog.getByText(reason).waitFor();
    deepStrictEqual(await message(dialog), `\u201c${SEP1330_MESSAGE}\n\n${reason}\u201d`, "re-asked message");
    ok(!(await dialog.getByRole("switch", { name: "Edit as JSON" }).isChecked()), "the re-asked form opens as a form");
    deepStrictEqual(await labels(dialog), SEP1330_FIELDS, "re-asked field order");
    const values = {};
    for (const field of SEP1330_FIELDS) values[field] = await shown(page, dialog, field);
    deepStrictEqual(values, {
        "Pick one option": "option2",
        "Pick one titled option": "First Option",
        "Pick one option (legacy list)": "Option One",
        "Pick any options": ["option1", "option3"],
        "Pick any titled choices": ["Second Choice"],
    }, "the re-asked form, pre-filled");
    await shoot(page, dialog, `reask-${era}`);
    const text = await submit(page, dialog, before);
    deepStrictEqual(text, 'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value1",'
        + '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}', "re-asked form, sent as is");
    console.log(`  ${era}: re-ask: a title instead of a value, asked again with the reason, every field pre-filled; sent as is: ok`);
}

/**
 * Too many items: three services picked where at most 2 may be (the
 * Inspector's multi-select does not pass `maxItems` on, so a person can),
 * then the same form again, with the reason and nothing pre-filled (three
 * do not fit); one service picked goes through.
 */
async function reaskTooMany(page, era) {
    let dialog = await ask(page, "test_two_questions");
    await open(page, dialog, "Severity");
    await pick(page, ["High: users are affected"]);
    await dialog.getByRole("button", { name: "Submit" }).click();
    dialog = page.getByRole("dialog", { name: "Elicitation Request" });
    await dialog.getByText("Which services are affected?").waitFor();
    deepStrictEqual(await open(page, dialog, "Affected services"), ["checkout", "search", "login"], "services options");
    await pick(page, ["checkout", "search", "login"]);
    const before = await resultCount(page);
    await dialog.getByRole("button", { name: "Submit" }).click();
    const reason = "Affected services: pick at most 2; you picked 3.";
    await dialog.getByText(reason).waitFor();
    deepStrictEqual(await message(dialog), `\u201cWhich services are affected?\n\n${reason}\u201d`, "re-asked message");
    deepStrictEqual(await labels(dialog), ["Affected services"], "re-asked field");
    deepStrictEqual(await shown(page, dialog, "Affected services"), [], "nothing pre-filled");
    if (era === "modern") await shoot(page, dialog, "reask-too-many-items");
    await open(page, dialog, "Affected services");
    await pick(page, ["login"]);
    const text = await submit(page, dialog, before);
    deepStrictEqual(text, 'Elicitation completed: action=accept, content={"severity":"high"}; '
        + 'Elicitation completed: action=accept, content={"services":["login"]}', "re-asked services, answered right");
    console.log(`  ${era}: re-ask: too many items, asked again with the reason, then one picked: ok`);
}

// --- the run --------------------------------------------------------------

const profile = mkdtempSync(join(tmpdir(), "inspector-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    // Tall enough for the longest form to show without scrolling.
    viewport: { width: 1100, height: 1300 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = false;
try {
    await context.route("**/*", (route) => new URL(route.request().url()).hostname === "127.0.0.1"
        ? route.continue() : route.abort());
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    for (const era of ["modern", "legacy"]) {
        await connect(page, era);
        await sep1330(page, era);
        await sep1034(page, era);
        await confirm(page, era);
        await reaskTitle(page, era);
        await reaskTooMany(page, era);
    }
} catch (error) {
    failed = true;
    console.log(`web UI: FAILED: ${error.stack ?? error}`);
} finally {
    await context.close();
    // The browser's profile, one per run: not left behind in the temporary directory.
    rmSync(profile, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log("web UI: every check passed");
