import { defineBlock } from "../_shared/define";
import render from "./sign-in";

export default defineBlock<"sign-in">({
  render,
  lazy: { SignInForm: "./sign-in.client" },
});
