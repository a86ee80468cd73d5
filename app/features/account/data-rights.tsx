import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { fieldProps, useCheckedForm } from "#app/forms/use-checked-form.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { MSG } from "#contract/messages.ts";
import { accountDeleteChecks } from "#contract/schemas/auth-checks.ts";
import { FormAlert } from "./form-messages.tsx";

const T = MSG.privacy;
const ACTION = "/profile?tab=account";

/**
 * ACCOUNT DETAILS' "Your data" (decision 0057): clear recently viewed, download everything as one JSON file, and
 * delete the account with the password again. Each is a plain post; the download posts to its resource route and
 * reloads the document even with JavaScript, so the browser saves the file it answers with.
 */
export function DataRights({ deleteResult }: { deleteResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const { form, fields } = useCheckedForm({ id: "account-delete-form", lastResult: deleteResult, checks: accountDeleteChecks });
  return (
    <section className="data-rights" aria-labelledby="data-rights-title">
      <h3 id="data-rights-title" className="profile-panel__subtitle">
        {T.heading}
      </h3>
      <p>{T.intro}</p>
      <div className="button-row">
        <Form method="post" action="/profile/my-data.json" reloadDocument>
          <Button type="submit">{T.download}</Button>
        </Form>
        <Form method="post" action={ACTION}>
          <Button type="submit" variant="outline" name="intent" value="clear-recently-viewed" disabled={navigation.formData !== undefined}>
            {MSG.recentlyViewed.clear}
          </Button>
        </Form>
      </div>
      <Form method="post" action={ACTION} className="data-rights__delete" {...form.props}>
        <h4 className="data-rights__delete-title">{T.deleteHeading}</h4>
        <p>{T.deleteExplained}</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field
          label={T.passwordLabel}
          errors={fields.password.errors}
          inputProps={{ ...fieldProps(fields.password), type: "password", autoComplete: "current-password" }}
        />
        <div className="button-row">
          <Button type="submit" variant="outline" name="intent" value="delete-account" disabled={navigation.formData !== undefined}>
            {T.deleteSubmit}
          </Button>
        </div>
      </Form>
    </section>
  );
}
