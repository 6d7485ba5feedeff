//! The page's first screen: what a newcomer sees before any document is
//! open. One card per kind of document Rscope reads, each saying what the
//! document is, which Flux command gives it, where it is specified, and an
//! example of it that opens in one click.
//!
//! The cards are data, here, so the page only draws them and a test can
//! check that every kind the system model reads ([`crate::system::DocKind`])
//! has one and that every example it names is one of the page's.

/// One kind of document on the first screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LandingCard {
    /// The kind, as the card's heading.
    pub kind: &'static str,
    /// What it holds, in a sentence.
    pub about: &'static str,
    /// Where an admin gets one: the command that prints or reads it, as a
    /// sentence.
    pub command: &'static str,
    /// The example's file in `static/examples/`.
    pub example: &'static str,
    /// The example's button: "Open …".
    pub button: &'static str,
    /// The specification's name and address.
    pub spec: (&'static str, &'static str),
}

/// The cards, in the order a newcomer meets the documents: the R first,
/// then what `flux resource` says about it, the graph, the configuration
/// that makes it, and one node's hardware.
pub const LANDING_CARDS: &[LandingCard] = &[
    LandingCard {
        kind: "An R document",
        about: "The resources of an instance or a job: ranks with their cores and GPUs, their hosts and properties.",
        command: "Printed by flux resource R, or by flux job info JOBID R for a job.",
        example: "rfc20.json",
        button: "Open the RFC 20 example",
        spec: ("RFC 20", "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html"),
    },
    LandingCard {
        kind: "A flux resource list payload",
        about: "What the scheduler holds: all resources, and which of them are allocated or down.",
        command: "The scheduler's answer that flux resource list --from-stdin reads.",
        example: "status.json",
        button: "Open a list payload",
        spec: ("flux-resource(1)", "https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man1/flux-resource.html"),
    },
    LandingCard {
        kind: "A flux resource status payload",
        about: "Each node's state: drained (with the reason), offline, torpid or excluded.",
        command: "The resource module's answer that flux resource status --from-stdin reads.",
        example: "node-states.json",
        button: "Open a status payload",
        spec: ("flux-resource(1)", "https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man1/flux-resource.html"),
    },
    LandingCard {
        kind: "Fluxion's resource graph",
        about: "The graph Fluxion schedules on, in JSON Graph Format: sockets, cores and GPUs as vertices under each node.",
        command: "In the scheduling key of an R, or printed by flux ion-resource find --format=jgf.",
        example: "jgf.json",
        button: "Open an R with its graph",
        spec: ("RFC 40", "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_40.html"),
    },
    LandingCard {
        kind: "A system configuration",
        about: "The TOML an admin writes: [resource] config gives hosts their cores, GPUs and properties, [bootstrap] hosts their ranks, [queues] the queues.",
        command: "Printed by flux config get, or the files in /etc/flux/system/conf.d.",
        example: "system.toml",
        button: "Open a configuration",
        spec: ("flux-config-resource(5)", "https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man5/flux-config-resource.html"),
    },
    LandingCard {
        kind: "An hwloc topology",
        about: "One node's hardware as hwloc describes it; Rscope reads the cores and GPUs flux-core would find there.",
        command: "Written by lstopo --of xml; flux R encode --xml reads it.",
        example: "node.xml",
        button: "Open a topology",
        spec: ("flux-R(1)", "https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man1/flux-R.html"),
    },
];

/// What the first screen says above its cards: how to start without them.
pub const LANDING_LEAD: &str = "Paste a document into the editor below, drop a file anywhere on this page, or choose one with Open file…: Rscope reads what it is from its content. Or start from an example:";

#[cfg(test)]
mod tests {
    use super::*;

    const RFC: &str = "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/";
    const MAN: &str = "https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man";

    #[test]
    fn every_card_links_the_flux_documentation() {
        for card in LANDING_CARDS {
            assert!(
                card.spec.1.starts_with(RFC) || card.spec.1.starts_with(MAN),
                "{}",
                card.kind
            );
            assert!(card.button.starts_with("Open "), "{}", card.kind);
        }
    }

    #[test]
    fn every_example_a_card_opens_is_in_the_examples_folder() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../static/examples/");
        for card in LANDING_CARDS {
            let path = format!("{folder}{}", card.example);
            assert!(std::path::Path::new(&path).is_file(), "{path}");
        }
    }

    #[test]
    fn each_card_example_reads_as_the_kind_the_card_names() {
        use crate::system::System;
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../static/examples/");
        let kinds: Vec<String> = (LANDING_CARDS.iter())
            .map(|card| {
                let text = std::fs::read_to_string(format!("{folder}{}", card.example)).unwrap();
                let system = System::read(&[(card.example, text.as_str())]);
                system.documents[0].kind.words().to_string()
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "an R (RFC 20)",
                "a flux resource list payload",
                "a flux resource status payload",
                "an R (RFC 20)",
                "a system configuration",
                "an hwloc topology"
            ]
        );
    }
}
