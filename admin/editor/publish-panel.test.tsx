// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckItem } from "../../domain/publish-checklist";
import { PublishChecklist, SchedulePublish } from "./publish-panel";
import { REASON_NEEDED, usePublish } from "./use-publish";
import { useSchedule } from "./use-schedule";
import { Toolbar } from "./toolbar";
import { PublishRefused } from "./alerts";
import { wantedPath } from "./reveal";

// The editor's publishing panels against a stubbed server (server/admin/publish.test.ts covers the
// server, tests/e2e/admin-publish.spec.ts both together).

type Call = { method: string; url: string; body: any };
let calls: Call[];
let answer: (url: string, method: string) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const FAILING: CheckItem[] = [
  { id: "valid", status: "pass", summary: "Every field is filled in correctly.", problems: [] },
  { id: "links", status: "fail", summary: "1 link leads to no page.", problems: [{ message: "“/nowhere” leads to no page of this site.", where: "Menu › Broken", pointer: "/navigation/items/0/href" }] },
  { id: "stock", status: "warn", summary: "No car in stock yet.", problems: [] },
];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer(url, method);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft = { dirty: false, revision: 7, save: vi.fn(async () => 7), setStatus: vi.fn(), failed: vi.fn(async () => ({})) };

function Panels({ role, onGo }: { role: "staff" | "dealer"; onGo: (p: string) => void }) {
  const publishing = usePublish("alpha", draft);
  const scheduling = useSchedule("alpha", draft, publishing.override);
  return (
    <>
      <PublishChecklist publishing={publishing} role={role} onGo={onGo} />
      <SchedulePublish scheduling={scheduling} revision={draft.revision} />
      <Toolbar
        status={{ kind: "saved", text: "All changes saved." }} revision={draft.revision} autosave onAutosave={() => {}} canSave={false} onSave={() => {}}
        publishing={publishing.busy} anyway={publishing.anyway} onPublish={() => void publishing.publish()}
        undo={{ canUndo: false, canRedo: false, undo: () => {}, redo: () => {}, announcement: "" }}
      />
    </>
  );
}

const posts = () => calls.filter((c) => c.method === "POST");

describe("the publishing panels", () => {
  it("shows each check in words; a problem opens its field; staff publish anyway only with a reason", async () => {
    answer = (url, method) =>
      url.endsWith("/checklist") ? json(200, { revision: 7, checklist: FAILING })
      : url.endsWith("/schedule") && method === "GET" ? json(200, { pending: null, last: null, timeZone: "Australia/Hobart" })
      : json(200, { version: 4, at: new Date().toISOString(), by: "staff@test" });
    const onGo = vi.fn();
    render(<Panels role="staff" onGo={onGo} />);
    await screen.findByText("1 link leads to no page.");
    expect(screen.getByText("Before you publish:").parentElement!.textContent).toBe("Before you publish: 1 check fails, 1 warning");
    expect(document.querySelector('[data-check="links"]')!.textContent).toContain("Fails: 1 link leads to no page.");
    fireEvent.click(screen.getByRole("button", { name: "Menu › Broken" }));
    expect(onGo).toHaveBeenCalledWith("/navigation/items/0/href");
    // And the list items on the way to it are asked to open (array-item.test.tsx opens them).
    expect(wantedPath()).toEqual(["navigation", "items", "0", "href"]);

    // Ticked without a reason: nothing is sent. Ticked, the button says what it does.
    expect(screen.queryByRole("button", { name: "Publish anyway" })).toBeNull();
    fireEvent.click(screen.getByLabelText(/^Publish anyway/));
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Publish anyway" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", REASON_NEEDED);
    expect(posts()).toEqual([]);
    fireEvent.change(screen.getByLabelText("Why publish although checks fail?"), { target: { value: "Menu page comes tomorrow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Publish anyway" })));
    expect(posts()).toEqual([{ method: "POST", url: "/api/admin/tenants/alpha/publish", body: { revision: 7, publishAnyway: true, reason: "Menu page comes tomorrow" } }]);
    // Published: the override is cleared for next time.
    await waitFor(() => expect(screen.getByLabelText(/^Publish anyway/)).toHaveProperty("checked", false));
    expect(screen.getByRole("button", { name: "Publish" })).toBeTruthy();
  });

  it("tells a dealer only staff can publish past a failing check, and shows the server's refusal", async () => {
    answer = (url, method) =>
      url.endsWith("/checklist") ? json(200, { revision: 7, checklist: FAILING })
      : url.endsWith("/schedule") && method === "GET" ? json(200, { pending: null, last: null, timeZone: "Australia/Hobart" })
      : json(422, { message: "Not published: fix the failing checks first.", errors: [], checklist: FAILING });
    render(<Panels role="dealer" onGo={() => {}} />);
    await screen.findByText("Fix the failing checks to publish. Only Forecourt staff can publish a site that fails them.");
    expect(screen.queryByLabelText(/^Publish anyway/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Publish" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Not published: fix the failing checks first.");
    expect(posts()[0].body).toEqual({ revision: 7 });
  });

  it("schedules the draft at a time in the site's zone, shows it pending, and cancels it", async () => {
    const pending = { id: 3, revision: 7, at: "2030-06-30T07:00:00.000Z", by: "dealer@test", status: "pending", outcome: null, version: null, override: null };
    let scheduled = false;
    answer = (url, method) =>
      url.endsWith("/checklist") ? json(200, { revision: 7, checklist: [FAILING[0]] })
      : url.endsWith("/schedule") && method === "GET" ? json(200, { pending: scheduled ? pending : null, last: null, timeZone: "Australia/Hobart" })
      : url.endsWith("/schedule/cancel") ? ((scheduled = false), json(200, { ...pending, status: "cancelled" }))
      : url.endsWith("/schedule") && calls.at(-1)!.body.at === "2020-01-01T10:00" ? json(400, { message: "Choose a time still to come." })
      : ((scheduled = true), json(201, { ...pending, timeZone: "Australia/Hobart" }));
    render(<Panels role="dealer" onGo={() => {}} />);
    const field = await screen.findByLabelText("Date and time (Hobart time, the site's time zone)");
    fireEvent.click(screen.getByRole("button", { name: "Schedule publish" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose the date and the time to publish at.");

    fireEvent.change(field, { target: { value: "2020-01-01T10:00" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Schedule publish" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Not scheduled. Choose a time still to come.");

    fireEvent.change(field, { target: { value: "2030-06-30T17:00" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Schedule publish" })));
    expect(posts().at(-1)).toEqual({ method: "POST", url: "/api/admin/tenants/alpha/schedule", body: { revision: 7, at: "2030-06-30T17:00" } });
    expect((await screen.findByText(/^Scheduled: /)).textContent).toBe("Scheduled: revision 7 will be published on Sun, 30 June 2030, 5:00 pm Hobart time.");
    expect(screen.getByText(/^Scheduled: /).closest("[role=status]")).toBeTruthy();
    expect(screen.getByText(/^Revision 7 of the draft will be published on Sun, 30 June 2030, 5:00 pm Hobart time/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel the scheduled publish" })));
    expect(posts().at(-1)!.url).toBe("/api/admin/tenants/alpha/schedule/cancel");
    expect((await screen.findByText("The scheduled publish is cancelled.")).closest("[role=status]")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/^Revision 7 of the draft will be published/)).toBeNull());
  });

  it("keeps an override to one attempt: a refused Publish anyway's problems go once fixed, the button says Publish, a later schedule sends no override", async () => {
    let checklist = FAILING;
    answer = (url, method) =>
      url.endsWith("/checklist") ? json(200, { revision: 7, checklist })
      : url.endsWith("/schedule") && method === "GET" ? json(200, { pending: null, last: null, timeZone: "Australia/Hobart" })
      : url.endsWith("/schedule") ? json(201, { id: 4, revision: 8, at: "2030-06-30T07:00:00.000Z", by: "staff@test", status: "pending", outcome: null, version: null, override: null, timeZone: "Australia/Hobart" })
      : json(422, { message: "The draft has errors.", errors: [{ pointer: "/identity/name", message: "Site name is required." }] });
    const broken = { identity: { name: "" } };
    const nameError = [{ pointer: "/identity/name", message: "Site name is required." }];
    function Editor({ d }: { d: typeof draft & { doc: Record<string, unknown>; errors: typeof nameError } }) {
      const publishing = usePublish("alpha", d);
      const scheduling = useSchedule("alpha", d, publishing.override, publishing.endAttempt);
      return (
        <>
          <PublishChecklist publishing={publishing} role="staff" onGo={() => {}} problems={d.errors.length} />
          <SchedulePublish scheduling={scheduling} revision={d.revision} />
          {publishing.publishErrors ? <PublishRefused errors={publishing.publishErrors} onGo={() => {}} ref={publishing.publishPanel} /> : null}
          <button type="button" onClick={() => void publishing.publish()}>
            {publishing.anyway ? "Publish anyway" : "Publish"}
          </button>
        </>
      );
    }
    const { rerender } = render(<Editor d={{ ...draft, doc: broken, errors: nameError }} />);
    await screen.findByText("1 link leads to no page.");
    fireEvent.click(screen.getByLabelText(/^Publish anyway/));
    fireEvent.change(screen.getByLabelText("Why publish although checks fail?"), { target: { value: "The menu page comes tomorrow" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Publish anyway" })));
    expect(posts()[0].body).toEqual({ revision: 7, publishAnyway: true, reason: "The menu page comes tomorrow" });
    // Refused (the draft is invalid, which no override passes): the override went with that attempt.
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Not published\. Fix this problem first:/);
    expect(screen.getByRole("button", { name: "Publish" })).toBeTruthy();
    expect(screen.getByLabelText(/^Publish anyway/)).toHaveProperty("checked", false);

    // The name is typed in: the refusal's problem is gone with it (while unedited, it stays).
    rerender(<Editor d={{ ...draft, doc: broken, errors: nameError }} />);
    expect(screen.getByRole("alert").textContent).toMatch(/^Not published\./);
    rerender(<Editor d={{ ...draft, doc: { identity: { name: "Alpha" } }, errors: [] }} />);
    expect(screen.queryByRole("alert")).toBeNull();

    // Ticked again, then the dead link is fixed and saved: the checklist passes, so the override is dropped.
    fireEvent.click(screen.getByLabelText(/^Publish anyway/));
    fireEvent.change(screen.getByLabelText("Why publish although checks fail?"), { target: { value: "Old reason" } });
    expect(screen.getByRole("button", { name: "Publish anyway" })).toBeTruthy();
    checklist = [FAILING[0]];
    rerender(<Editor d={{ ...draft, revision: 8, doc: { identity: { name: "Alpha" } }, errors: [] }} />);
    await waitFor(() => expect(screen.getByText("Before you publish:").parentElement!.textContent).toBe("Before you publish: all checks pass"));
    expect(screen.getByRole("button", { name: "Publish" })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("Date and time (Hobart time, the site's time zone)"), { target: { value: "2030-06-30T17:00" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Schedule publish" })));
    expect(posts().at(-1)).toEqual({ method: "POST", url: "/api/admin/tenants/alpha/schedule", body: { revision: 8, at: "2030-06-30T17:00" } });
  });

  it("never says all checks pass beside problems in the form", async () => {
    answer = (url, method) =>
      url.endsWith("/checklist") ? json(200, { revision: 7, checklist: [FAILING[0]] })
      : url.endsWith("/schedule") && method === "GET" ? json(200, { pending: null, last: null, timeZone: "Australia/Hobart" })
      : json(500, {});
    function Checklist({ problems }: { problems: number }) {
      return <PublishChecklist publishing={usePublish("alpha", draft)} role="staff" onGo={() => {}} problems={problems} />;
    }
    const { rerender } = render(<Checklist problems={3} />);
    // Its place is kept while it loads.
    expect(document.querySelector("[data-checklist]")!.textContent).toBe("Before you publish: checking the saved draft…");
    await waitFor(() => expect(document.querySelector("[data-checklist]")!.textContent).toMatch(/^Before you publish: 3 problems to fix in the form/));
    expect(document.querySelector("[data-checklist]")!.getAttribute("data-checklist")).toBe("fail");
    rerender(<Checklist problems={0} />);
    expect(document.querySelector("summary")!.textContent).toBe("Before you publish: all checks pass");
    expect(document.querySelector("[data-checklist]")!.getAttribute("data-checklist")).toBe("pass");
  });
});
