// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { CHALLENGE_HEADER } from "../../domain/challenge";
import { checkChallenge, issueChallenge } from "../../server/http/challenge";
import { CODES_BUSY } from "../../server/auth/http";
import { SignInForm } from "./sign-in.client";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

it("a site past its code cap: Checking your browser… while the check is solved, then the code is sent and the code step shown", async () => {
  const scope = { site: "alpha", purpose: "sms-code", client: "203.0.113.7 +61412000001", secret: Buffer.alloc(32, 5) };
  const sent: { phone: string; challenge: string | null }[] = [];
  let release!: () => void;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({ phone: JSON.parse(String(init.body)).phone, challenge: new Headers(init.headers).get(CHALLENGE_HEADER) });
      if (sent.length === 1) return json(429, { message: CODES_BUSY, challenge: issueChallenge({ ...scope, difficulty: 8 }) });
      return new Promise<Response>((r) => (release = () => r(json(200, { ok: true, phone: "+61412000001", masked: "04xx xxx 001", expiresInSeconds: 600 }))));
    }),
  );
  render(<SignInForm id="s" heading="Sign in" intro={null} example="0412 345 678" country="AU" enabled query={null} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Mobile number"), "0412 000 001");
  await user.click(screen.getByRole("button", { name: "Send code" }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(screen.getByRole("status").textContent).toBe("Checking your browser…");
  expect(screen.getByRole("button", { name: "Checking your browser…" })).toBeTruthy();
  expect(sent[0]).toEqual({ phone: "+61412000001", challenge: null });
  expect(sent[1].phone).toBe("+61412000001");
  expect(checkChallenge(sent[1].challenge!, scope)).toMatchObject({ id: expect.any(String) });
  await act(async () => release());
  expect(await screen.findByLabelText("Enter the 6-digit code we sent to 04xx xxx 001")).toBeTruthy();
  expect(screen.queryByText("Checking your browser…")).toBeNull();
  expect(screen.queryByRole("alert")).toBeNull();
});
