package dev.idem.journal;

import dev.idem.approvals.Approvals;

/**
 * Not product code: a class in the runtime's journal package, which the approvals left, that
 * reaches into {@code idem-approvals} on purpose, so {@code ModuleArchitectureTest} can show the
 * module rule failing on it: the runtime never builds on the module that builds on it.
 */
final class DeliberateApprovalsUse {
    private DeliberateApprovalsUse() {
    }

    static Approvals approvals(CallJournal journal) {
        return Approvals.over(journal);
    }
}
