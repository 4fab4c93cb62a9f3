/// The order the behaviours contribute to a step, with each stretch of consecutive attachments
/// gathered into a run whose joints stay in the world's joint list from one step to the next.
///
/// A springy layout has one attachment per cell: ten thousand behaviours, each asked every step
/// for the same joint, cost a tenth of a W1 step in calls, reference counting and copying joints
/// that had not changed (`perf`, W1 10 000). A run whose attachments, bodies and place in the
/// joint list are all as they were last step keeps its joints where they lie; only a run with a
/// changed attachment, a new body assignment or a new place asks its attachments again. The world
/// receives the same joints in the same order either way: the solver's state of a joint
/// (impulses, anchors in world orientation, softness) is kept apart (`World.solverJoints`) and
/// set by `World.prepareJoints` every pass — from the solver's own copy of the description when
/// no joint was written since the last pass.
/// (Rejected: copying each run's kept joints into a cleared list every step — at 144 bytes a
/// joint that is 1.4 MB a step for ten thousand springs, most of what was to be saved.)
struct ContributionPlan {
    private enum Entry {
        case behavior(DynamicBehavior)
        /// Index into `runs`.
        case attachments(Int)
    }

    private struct AttachmentRun {
        var members: [AttachmentBehavior]
        /// Where in the joint list the run's joints were written or kept, in which step, for
        /// which body assignment, and how many there are.
        var start = -1, step = -1, bodyGeneration = -1, jointCount = 0
        /// An attachment of the run changed a parameter since its joints were written.
        var changed = true
    }

    private var entries: [Entry] = []
    private var runs: [AttachmentRun] = []
    /// Counts the steps contributed, so a run knows whether it was placed in the step before.
    private var step = 0

    /// The plan for behaviours contributing in `order`; each attachment learns its run.
    init(order: [DynamicBehavior]) {
        for behavior in order {
            guard let attachment = behavior as? AttachmentBehavior else {
                entries.append(.behavior(behavior))
                continue
            }
            if case .attachments(let run)? = entries.last {
                runs[run].members.append(attachment)
            } else {
                entries.append(.attachments(runs.count))
                runs.append(AttachmentRun(members: [attachment]))
            }
            attachment.contributionRun = runs.count - 1
        }
    }

    init() {}

    /// An attachment of run `run` changed: its joints are written afresh before the next step.
    mutating func attachmentChanged(inRun run: Int) {
        if runs.indices.contains(run) { runs[run].changed = true }
    }

    /// Lets every behaviour contribute to `context`'s step, in order.
    mutating func contribute(to context: StepContext) {
        step += 1
        for entry in entries {
            switch entry {
            case .behavior(let behavior):
                behavior.contribute(to: context)
            case .attachments(let index):
                let run = runs[index]
                if !run.changed && run.step == step - 1 && run.start == context.jointCursor
                    && run.bodyGeneration == context.bodyGeneration {
                    context.keepJoints(count: run.jointCount)
                } else {
                    let start = context.jointCursor
                    for member in run.members { member.contribute(to: context) }
                    runs[index].start = start
                    runs[index].jointCount = context.jointCursor - start
                    runs[index].bodyGeneration = context.bodyGeneration
                    runs[index].changed = false
                }
                runs[index].step = step
            }
        }
    }
}
