// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { FUEL_DEFAULTS } from "../../domain/fuel";
import { FuelCalculatorClient } from "./fuel-calculator.client";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

async function mount() {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<FuelCalculatorClient defaults={FUEL_DEFAULTS} identity={{ locale: "en-AU", currency: "AUD" }} />));
  const box = (label: string) => {
    const forId = [...host.querySelectorAll("label")].find((l) => l.textContent?.startsWith(label))!.htmlFor;
    return host.querySelector<HTMLInputElement>(`[id="${forId}"]`)!;
  };
  const type = async (label: string, value: string) => {
    const input = box(label);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  };
  const blur = async (label: string) => act(async () => box(label).dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
  const helpOf = (label: string) => {
    const id = box(label).getAttribute("aria-describedby");
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  };
  const result = () => host.querySelector('[data-testid="fuel-result"]')!.textContent;
  return { box, type, blur, helpOf, result };
}

describe("fuel calculator entries (one rule with the finance calculator: domain/finance.ts enterValue)", () => {
  it("shows no help at rest: $42.50 a week from the defaults", async () => {
    const f = await mount();
    expect(f.result()).toBe("Estimated fuel cost $42.50 per week");
    for (const label of ["Fuel price", "Distance", "Fuel consumption"]) expect(f.helpOf(label)).toBeNull();
  });

  it("refuses 1e3 km in words instead of reading it as 13, keeping the last value", async () => {
    const f = await mount();
    await f.type("Distance", "1e3");
    expect(f.helpOf("Distance")).toBe("Please enter a number from 0 km to 10,000 km.");
    expect(f.box("Distance").getAttribute("aria-invalid")).toBe("true");
    expect(f.result()).toBe("Estimated fuel cost $42.50 per week");
    await f.blur("Distance");
    expect(f.box("Distance").value).toBe("250");
    expect(f.helpOf("Distance")).toBeNull();
  });

  it("5000 as a fuel price is clamped to $10.00; once the box shows 10 the out-of-range message goes", async () => {
    const f = await mount();
    await f.type("Fuel price", "5000");
    expect(f.helpOf("Fuel price")).toBe("Cannot be less than $0.00 or more than $10.00.");
    await f.blur("Fuel price");
    expect(f.box("Fuel price").value).toBe("10");
    expect(f.helpOf("Fuel price")).toBeNull();
    expect(f.box("Fuel price").getAttribute("aria-invalid")).toBeNull();
    expect(f.result()).toBe("Estimated fuel cost $250.00 per week"); // 250 / 100 × 10 × 10
  });

  it("a negative fuel price gets the bounds message and is not kept in the box", async () => {
    const f = await mount();
    await f.type("Fuel price", "-1.85");
    expect(f.helpOf("Fuel price")).toBe("Cannot be less than $0.00 or more than $10.00.");
    expect(f.result()).toBe("Estimated fuel cost $0.00 per week");
    await f.blur("Fuel price");
    expect(f.box("Fuel price").value).toBe("0");
  });

  it("reads 1k km as 1,000 and says so", async () => {
    const f = await mount();
    await f.type("Distance", "1k");
    expect(f.helpOf("Distance")).toBe("Read as 1,000 km.");
    expect(f.result()).toBe("Estimated fuel cost $170.00 per week"); // 1000 / 100 × 10 × 1.70
    await f.blur("Distance");
    expect(f.helpOf("Distance")).toBe("Read as 1,000 km.");
  });
});
