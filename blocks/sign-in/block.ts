import { defineBlock } from "../_shared/define";
import render from "./sign-in";

export default defineBlock<"sign-in">({
  render,
  belongs: ["/sign-in"],
  // One visitor's own things: a page with it is never indexed.
  personal: true,
  lazy: { SignInForm: "./sign-in.client" },
});
