import { Suspense } from "react";
import { DEMO_MOBILES, mobileCountry, mobileExample } from "../../domain/mobile";
import { EMBEDDED_SMS, smsProviderName } from "../../server/sms/provider";
import type { BlockComponent } from "../../renderer/types";
import { SignInForm } from "../lazy.generated";
import type { SignInFormProps } from "./sign-in.client";
import styles from "./sign-in.module.css";

/** The /sign-in page: mobile number, then the code (query: type, redirect, back). */
const SignIn: BlockComponent<"sign-in"> = ({ id, props, ctx }) => {
  const country = mobileCountry(ctx.tenant.identity.locale);
  const form: SignInFormProps = {
    id,
    heading: props.heading?.trim() || "Sign in",
    intro: props.intro?.trim() || null,
    example: mobileExample(country),
    country,
    enabled: ctx.tenant.features.auth?.enabled === true,
    // No text reaches a phone through the embedded provider: the demo number's code is shown instead.
    demoNumber: smsProviderName() === EMBEDDED_SMS ? DEMO_MOBILES[country] : null,
  };
  return (
    <section className={`fc-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
      <div className={`fc-narrow ${styles.panel}`}>
        {/* The query (type, redirect, back) is read in the browser part; without it the generic heading shows. */}
        <Suspense fallback={<SignInForm {...form} query={null} />}>
          <SignInForm {...form} />
        </Suspense>
      </div>
    </section>
  );
};

export default SignIn;
