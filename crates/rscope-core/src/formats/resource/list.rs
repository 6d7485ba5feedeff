//! `flux resource list`, `info` and `R` over a saved
//! `sched.resource-status` payload (`{all, allocated, down}`, each an R),
//! as flux-core's `flux-resource.py` and `flux.resource.SchedResourceList`
//! compute them.

use super::payload::{self, get};
use super::queues::{ranks_by_queue, Config};
use super::rv1::Rv1;
use super::{Printed, Targets};
use crate::idset::IdSet;
use crate::json::Value as Json;
use crate::output_format::{FieldValue, FormatItem, NamedFormat, OutputFormat};
use std::borrow::Cow;

/// The states `-s` takes.
pub const VALID_STATES: [&str; 5] = ["up", "down", "allocated", "free", "all"];

/// Field names and their headings.
pub const HEADINGS: [(&str, &str); 10] = [
    ("state", "STATE"),
    ("queue", "QUEUE"),
    ("properties", "PROPERTIES"),
    ("propertiesx", "PROPERTIES"),
    ("nnodes", "NNODES"),
    ("ncores", "NCORES"),
    ("ngpus", "NGPUS"),
    ("ranks", "RANKS"),
    ("nodelist", "NODELIST"),
    ("rlist", "LIST"),
];

/// The fields whose values keep lines apart (`uniq_fields`).
const UNIQ_FIELDS: [&str; 4] = ["state", "properties", "propertiesx", "queue"];

/// The named formats of `flux resource list`.
pub const LIST_FORMATS: [NamedFormat<'static>; 2] = [
    NamedFormat {
        name: "default",
        description: "Default flux-resource list format string",
        format: "{state:>10} ?+:{queue:<5} ?:{propertiesx:<10.10+} {nnodes:>6} \
                 +:{ncores:>6} ?+:{ngpus:>5} {nodelist}",
    },
    NamedFormat {
        name: "rlist",
        description: "Format including resource list details",
        format: "{state:>10} ?+:{queue:<5} ?:{propertiesx:<10.10+} {nnodes:>6} \
                 +:{ncores:>6} ?:+{ngpus:>5} {rlist}",
    },
];

/// The scheduler's view: all resources, the allocated ones and the down
/// ones (`SchedResourceList`).
#[derive(Clone, Debug, Default)]
pub struct SchedResourceList {
    /// Everything the scheduler knows.
    pub all: Rv1,
    /// Drained or down.
    pub down: Rv1,
    /// Allocated to jobs.
    pub allocated: Rv1,
}

impl SchedResourceList {
    /// Read a payload; a missing or `null` set is empty.
    pub fn read(text: &str, v: &Json<'_>) -> Result<SchedResourceList, String> {
        let Json::Object(obj) = v else {
            return Err("the sched.resource-status payload must be a JSON object".into());
        };
        let read = |key: &str| match get(obj, key) {
            Some(v) => Rv1::read(text, v),
            None => Ok(Rv1::new()),
        };
        Ok(SchedResourceList {
            all: read("all")?,
            down: read("down")?,
            allocated: read("allocated")?,
        })
    }

    /// Keep only `ranks` in every set.
    pub fn filter(&mut self, ranks: &IdSet) {
        self.all = self.all.copy_ranks(ranks);
        self.down = self.down.copy_ranks(ranks);
        self.allocated = self.allocated.copy_ranks(ranks);
    }

    /// Keep what `--include` names: an id set, or host names of `all`
    /// (unknown hosts are ignored).
    pub fn filter_targets(&mut self, targets: &Targets) {
        let ranks = match targets {
            Targets::Ranks(ids) => ids.clone(),
            Targets::Hosts(hl) => self.all.host_ranks(hl),
        };
        self.filter(&ranks);
    }

    /// The resources in a state: `up` is all but down, `free` is up but
    /// not allocated (the sets the payload holds are borrowed).
    pub fn state(&self, name: &str) -> Cow<'_, Rv1> {
        match name {
            "all" => Cow::Borrowed(&self.all),
            "down" => Cow::Borrowed(&self.down),
            "allocated" => Cow::Borrowed(&self.allocated),
            "up" => Cow::Owned(self.all.diff(&self.down)),
            _ => Cow::Owned(self.all.diff(&self.down).diff(&self.allocated)),
        }
    }
}

/// One line of `flux resource list` (`ResourceSetExtra`).
#[derive(Clone, Debug)]
pub struct ListLine<'c> {
    rset: Rv1,
    state: String,
    /// A queue named for an empty line, which has no properties to match.
    fixed_queue: Option<String>,
    config: Option<&'c Config>,
    queue_filter: &'c [String],
}

impl ListLine<'_> {
    /// Configured queues whose `requires` this line's properties meet.
    fn queue(&self) -> Result<String, String> {
        if let Some(q) = &self.fixed_queue {
            return Ok(q.clone());
        }
        let Some(config) = self.config else {
            return Ok(String::new());
        };
        let Some(queues) = &config.queues else {
            return Ok(String::new());
        };
        if self.rset.is_empty() {
            return Ok(String::new());
        }
        let props = self.rset.property_names();
        let mut names = Vec::new();
        for q in queues {
            if !self.queue_filter.is_empty() && !self.queue_filter.contains(&q.name) {
                continue;
            }
            if q.parent.is_some() && self.queue_filter.is_empty() {
                continue;
            }
            let entry = config.effective(q)?;
            let fits = match &entry.requires {
                None => true,
                Some(req) => req.iter().all(|r| props.contains(&r.as_str())),
            };
            if fits {
                names.push(q.name.as_str());
            }
        }
        Ok(names.join(","))
    }

    fn propertiesx(&self) -> String {
        let queues = self.config.and_then(|c| c.queues.as_ref());
        let names = self.rset.property_names();
        let kept = names
            .into_iter()
            .filter(|p| !queues.is_some_and(|qs| qs.iter().any(|q| q.name == *p)));
        kept.collect::<Vec<_>>().join(",")
    }
}

impl FormatItem for ListLine<'_> {
    fn type_name(&self) -> &str {
        "ResourceSetExtra"
    }

    fn field(&self, name: &str) -> Option<FieldValue> {
        Some(match name {
            "state" => FieldValue::Str(self.state.clone()),
            "queue" => FieldValue::Str(self.queue().unwrap_or_default()),
            "properties" => FieldValue::Str(self.rset.property_names().join(",")),
            "propertiesx" => FieldValue::Str(self.propertiesx()),
            "nnodes" => FieldValue::Int(self.rset.nnodes() as i64),
            "ncores" => FieldValue::Int(self.rset.ncores() as i64),
            "ngpus" => FieldValue::Int(self.rset.ngpus() as i64),
            // `ResourceSet.ranks` and `.nodelist` are an IDset and a
            // Hostlist, which take no format spec; `rlist` is a str.
            "ranks" => FieldValue::IdSet(self.rset.ranks().to_string()),
            "nodelist" => FieldValue::Hostlist(self.rset.nodelist().to_string()),
            "rlist" => FieldValue::Str(self.rset.dumps()),
            _ => return None,
        })
    }
}

/// What `flux resource list`, `info` or `R` is asked.
#[derive(Clone, Debug, Default)]
pub struct ListOptions {
    /// `-o`: a format string or the name of one.
    pub format: String,
    /// `-s`, as given (each command has its own default).
    pub states: String,
    /// `-i`.
    pub include: Option<String>,
    /// `-q`, split at commas.
    pub queues: Vec<String>,
    /// `--config-file`, read.
    pub config: Option<Config>,
    /// `-n`.
    pub no_header: bool,
    /// `--skip-empty`.
    pub skip_empty: bool,
    /// `--no-skip-empty`.
    pub no_skip_empty: bool,
    /// `FLUX_RESOURCE_LIST_FORMAT_DEFAULT`.
    pub env_default: Option<String>,
}

/// Validate the states, read the payload and apply `--queue` and
/// `--include` (`get_resource_list`).
fn resource_list(
    text: &str,
    opts: &ListOptions,
) -> Result<(Vec<String>, SchedResourceList), Printed> {
    let states: Vec<String> = opts.states.split(',').map(str::to_string).collect();
    if let Some(bad) = states.iter().find(|s| !VALID_STATES.contains(&s.as_str())) {
        return Err(Printed::failure(format!(
            "flux-resource: ERROR: Invalid resource state {bad} specified\n"
        )));
    }
    let json = payload::parse(text)?
        .ok_or_else(|| Printed::error("Expecting value: line 1 column 1 (char 0)".to_string()))?;
    let mut resources = SchedResourceList::read(text, &json).map_err(Printed::error)?;
    if !opts.queues.is_empty() {
        let Some(config) = &opts.config else {
            return Err(Printed::error(
                "argument of type 'NoneType' is not iterable".to_string(),
            ));
        };
        let ranks = ranks_by_queue(&resources.all, config, &opts.queues)
            .map_err(|e| Printed::error(format!("--queue: {e}")))?;
        resources.filter(&ranks);
    }
    if let Some(include) = &opts.include {
        let targets =
            Targets::parse(include).map_err(|e| Printed::error(format!("--include: {e}")))?;
        resources.filter_targets(&targets);
    }
    Ok((states, resources))
}

/// `flux resource list` over a payload's text.
pub fn list(payload: &str, opts: &ListOptions) -> Printed {
    match list_inner(payload, opts) {
        Ok(p) | Err(p) => p,
    }
}

/// `flux resource info` over a payload's text: one line of counts.
pub fn info(payload: &str, opts: &ListOptions) -> Printed {
    let mut opts = opts.clone();
    if opts.states.is_empty() {
        opts.states = "all".into();
    }
    opts.no_header = true;
    opts.format = "{nnodes} Nodes, {ncores} Cores, {ngpus} GPUs".into();
    list(payload, &opts)
}

fn list_inner(payload: &str, opts: &ListOptions) -> Result<Printed, Printed> {
    let (states, resources) = resource_list(payload, opts)?;
    let fmt = super::choose(
        &opts.format,
        &LIST_FORMATS,
        "list",
        opts.env_default.as_deref(),
    )?;
    let formatter = OutputFormat::new(&fmt, &HEADINGS).map_err(super::format_error)?;
    let mut items = uniq_lines(
        &resources,
        &states,
        &formatter,
        opts.config.as_ref(),
        &opts.queues,
    )?;
    let pos = |state: &str| states.iter().rposition(|s| s == state).unwrap_or(0);
    items.sort_by_key(|l| {
        (
            pos(&l.state),
            l.rset.ranks().first().map_or(u64::MAX, u64::from),
        )
    });
    if opts.skip_empty || (opts.include.is_some() && !opts.no_skip_empty) {
        items.retain(|l| !l.rset.is_empty());
    }
    super::print(&formatter, &mut items, opts.no_header)
}

/// The format whose result tells lines apart: the uniq fields the
/// format uses, when it uses more than one field or `state`.
fn uniq_format(formatter: &OutputFormat) -> String {
    let fields = formatter.fields();
    let mut distinct: Vec<&str> = Vec::new();
    for f in &fields {
        if !distinct.contains(&f.as_str()) {
            distinct.push(f);
        }
    }
    if distinct.len() <= 1 && !distinct.contains(&"state") {
        return String::new();
    }
    distinct
        .iter()
        .filter(|f| UNIQ_FIELDS.contains(f))
        .map(|f| format!("{{{f}}}:"))
        .collect()
}

/// Resource sets that each make one line (`resources_uniq_lines`).
fn uniq_lines<'c>(
    resources: &SchedResourceList,
    states: &[String],
    formatter: &OutputFormat,
    config: Option<&'c Config>,
    queue_filter: &'c [String],
) -> Result<Vec<ListLine<'c>>, Printed> {
    let key_format =
        OutputFormat::new(&uniq_format(formatter), &HEADINGS).map_err(super::format_error)?;
    let queues: Vec<Option<String>> = if !queue_filter.is_empty() {
        queue_filter.iter().cloned().map(Some).collect()
    } else {
        let configured: Vec<Option<String>> = config
            .and_then(|c| c.queues.as_ref())
            .map(|qs| {
                qs.iter()
                    .filter(|q| q.parent.is_none())
                    .map(|q| Some(q.name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        if configured.is_empty() {
            vec![None]
        } else {
            configured
        }
    };
    let mut lines: Vec<ListLine<'c>> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    let mut add = |line: ListLine<'c>| -> Result<(), Printed> {
        let key = key_format.format(&line).map_err(super::format_error)?;
        match keys.iter().position(|k| *k == key) {
            Some(i) => lines[i].rset.add(&line.rset),
            None => {
                keys.push(key);
                lines.push(line);
            }
        }
        Ok(())
    };
    for state in states {
        let set = resources.state(state);
        let line = |rset: Rv1, fixed_queue: Option<String>| ListLine {
            rset,
            state: state.clone(),
            fixed_queue,
            config,
            queue_filter,
        };
        if set.is_empty() {
            for q in &queues {
                add(line(Rv1::new(), q.clone()))?;
            }
            continue;
        }
        for part in set.split_by_properties() {
            add(line(part, None))?;
        }
    }
    Ok(lines)
}

/// `flux resource R` over a payload's text: the union of the sets in the
/// states asked for, as one R.
pub fn emit_r(payload: &str, opts: &ListOptions) -> Printed {
    let run = || -> Result<Printed, Printed> {
        let (states, resources) = resource_list(payload, opts)?;
        let mut rset = Rv1::new();
        rset.set_times(resources.all.starttime(), resources.all.expiration());
        for state in &states {
            rset.add(&resources.state(state));
        }
        Ok(Printed::output(rset.encode() + "\n"))
    };
    match run() {
        Ok(p) | Err(p) => p,
    }
}
