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
// to SCREENSHOT_DIR. With INSPECTOR_REASK=1 it also answers one form wrongly
// (too many items) and saves the re-asked form.
//
// The browser may reach 127.0.0.1 only: every other request is aborted
// (the page asks Google for its fonts). Exits non-zero on the first failure.

import { deepStrictEqual, ok } from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [inspectorUrl, shots] = process.argv.slice(2);
const reask = process.env.INSPECTOR_REASK === "1";
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
mkdirSync(shots, { recursive: true });

const SEP1330_FIELDS = ["untitledSingle", "titledSingle", "legacyEnum", "untitledMulti", "titledMulti"];
// field -> [shape, the options as listed, what to pick]
const SEP1330_SHAPES = {
    untitledSingle: ["untitled-single-select", ["option1", "option2", "option3"], ["option2"]],
    titledSingle: ["titled-single-select", ["First Option", "Second Option", "Third Option"], ["Third Option"]],
    legacyEnum: ["legacy-titled-enumnames", ["Option One", "Option Two", "Option Three"], ["Option One"]],
    untitledMulti: ["untitled-multi-select", ["option1", "option2", "option3"], ["option1", "option3"]],
    titledMulti: ["titled-multi-select", ["First Choice", "Second Choice", "Third Choice"], ["Second Choice"]],
};
const SEP1330_RESULT = 'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3",'
    + '"legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}';
const SEP1034_FIELDS = ["name", "age", "score", "status", "verified"];
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
    const id = await dialog.locator("label", { hasText: new RegExp(`^${name}( \\*)?$`) }).getAttribute("for");
    return page.locator(`[id="${id}"]`);
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
    for (const name of ["name", "age", "score", "status"]) {
        values[name] = await (await input(page, dialog, name)).inputValue();
    }
    values.verified = await (await input(page, dialog, "verified")).isChecked();
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
 * The re-ask (issue 18): three services picked where at most 2 may be (the
 * Inspector's multi-select does not pass `maxItems` on, so a person can),
 * then the same form again, with the reason.
 */
async function reasked(page, era) {
    let dialog = await ask(page, "test_two_questions");
    await open(page, dialog, "severity");
    await pick(page, ["High: users are affected"]);
    await dialog.getByRole("button", { name: "Submit" }).click();
    dialog = page.getByRole("dialog", { name: "Elicitation Request" });
    await dialog.getByText("Which services are affected?").waitFor();
    deepStrictEqual(await open(page, dialog, "services"), ["checkout", "search", "login"], "services options");
    await pick(page, ["checkout", "search", "login"]);
    await dialog.getByRole("button", { name: "Submit" }).click();
    // Today the call ends here with isError; with the re-ask, the same question comes back with the reason.
    await dialog.getByText(/at most 2/).waitFor();
    deepStrictEqual(await labels(dialog), ["services"], "re-asked field");
    await shoot(page, dialog, `reask-${era}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    console.log(`  ${era}: re-ask: too many items, asked again with the reason: ok`);
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
        if (reask) await reasked(page, era);
    }
} catch (error) {
    failed = true;
    console.log(`web UI: FAILED: ${error.stack ?? error}`);
} finally {
    await context.close();
}
if (failed) process.exit(1);
console.log("web UI: every check passed");
