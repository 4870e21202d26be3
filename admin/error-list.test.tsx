// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorList } from "./error-list";

afterEach(cleanup);

describe("the admin's list of problems", () => {
  it("says each problem as one sentence naming page, block and field, the place a button to the field", () => {
    const doc = JSON.parse(readFileSync("tenants/bluegum.json", "utf8"));
    const onGo = vi.fn();
    render(
      <ErrorList
        doc={doc}
        onGo={onGo}
        errors={[
          { pointer: "/pages/1/blocks/0/props/html", message: "Text is required." },
          { pointer: "/theme/colors/onPrimary", message: "Text on primary must look like #1A2B3C." },
          { pointer: "/navigation/items/0/href", where: "Navigation › Home › Goes to", message: "“/nowhere” leads to no page of this site." },
        ]}
      />,
    );
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "About Us › Rich text › Text is required.",
      "Theme › Colours › Text on primary must look like #1A2B3C.",
      "Navigation › Home › Goes to: “/nowhere” leads to no page of this site.",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "About Us › Rich text › Text" }));
    expect(onGo).toHaveBeenCalledWith("/pages/1/blocks/0/props/html");
  });

  it("without the document, still names no index or key", () => {
    render(<ErrorList errors={[{ pointer: "/pages/3/blocks/2/props/html", message: "Text is required." }]} />);
    expect(screen.getByRole("listitem").textContent).toBe("Page 4 › Block 3 › Text is required.");
  });
});
