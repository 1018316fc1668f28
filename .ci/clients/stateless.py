"""Two server processes sharing only the requestState key serve the rounds
of one MCP 2026-07-28 tool call in turn; a process with another key refuses
the state. Raw JSON-RPC over HTTP (the standard library only).

    stateless.py URL_A URL_B URL_OTHER_KEY
"""

import json
import sys
import urllib.error
import urllib.request

META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
}


def call(url, extra):
    params = {"name": "test_two_questions", "arguments": {}, "_meta": META, **extra}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
    headers = {
        "Accept": "application/json, text/event-stream",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "test_two_questions",
        "MCP-Protocol-Version": "2026-07-28",
    }
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={
        **headers, "Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        # A JSON-RPC error may come with an HTTP error status (SEP-2575).
        return json.load(error)


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}")
        sys.exit(1)


def main(url_a, url_b, url_other):
    first = call(url_a, {})["result"]
    check(first["resultType"] == "input_required" and "triage" in first["inputRequests"], f"round 1: {first}")
    check("requestState" not in first, f"round 1 carries a state with no answers: {first}")
    second = call(url_b, {"inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}}})["result"]
    check("impact" in second.get("inputRequests", {}), f"round 2 on the other process: {second}")
    state = second["requestState"]
    last = {"inputResponses": {"impact": {"action": "accept", "content": {"services": ["login"]}}},
            "requestState": state}
    done = call(url_a, last)["result"]
    expected = ('Elicitation completed: action=accept, content={"severity":"high"}; '
                'Elicitation completed: action=accept, content={"services":["login"]}')
    check(done["content"][0]["text"] == expected, f"round 3 back on the first process: {done}")
    refused = call(url_other, last)
    check(refused.get("error", {}).get("code") == -32602, f"another key: {refused}")
    print("stateless: three rounds across two processes, and a foreign key refused: ok")


if __name__ == "__main__":
    main(*sys.argv[1:4])
