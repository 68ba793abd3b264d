//! Free-format MPS: the exchange format every MILP solver reads (HiGHS, CBC, SCIP,
//! OR-Tools' MPSolver). One objective row `obj` (minimised); a row with two finite, different
//! sides is an `L` row with a range; integer columns between `INTORG`/`INTEND` markers; every
//! finite bound written out (readers differ on an integer column's default upper bound).

use std::fmt::Write;

use crate::Model;

pub(crate) fn write(model: &Model, name: &str) -> String {
    let mut out = String::new();
    let mut line = |text: std::fmt::Arguments| {
        out.write_fmt(text).expect("writing to a String");
        out.push('\n');
    };
    line(format_args!("NAME {name}"));
    line(format_args!("ROWS"));
    line(format_args!(" N obj"));
    let mut ranges = Vec::new();
    let mut rhs = Vec::new();
    for row in &model.rows {
        let (kind, side) = match (row.lower.is_finite(), row.upper.is_finite()) {
            (true, true) if row.lower == row.upper => ("E", row.upper),
            (true, true) => {
                ranges.push((&row.name, row.upper - row.lower));
                ("L", row.upper)
            }
            (false, true) => ("L", row.upper),
            (true, false) => ("G", row.lower),
            (false, false) => ("N", 0.0),
        };
        line(format_args!(" {kind} {}", row.name));
        if side != 0.0 {
            rhs.push((&row.name, side));
        }
    }
    line(format_args!("COLUMNS"));
    let (starts, indices, values) = model.by_columns();
    let mut integer = false;
    for (c, column) in model.columns.iter().enumerate() {
        if column.integer != integer {
            let marker = if column.integer { "INTORG" } else { "INTEND" };
            line(format_args!("    MARKER 'MARKER' '{marker}'"));
            integer = column.integer;
        }
        let entries = starts[c]..starts[c + 1];
        if column.objective != 0.0 || entries.is_empty() {
            line(format_args!("    {} obj {}", column.name, column.objective));
        }
        for k in entries {
            line(format_args!("    {} {} {}", column.name, model.rows[indices[k]].name, values[k]));
        }
    }
    if integer {
        line(format_args!("    MARKER 'MARKER' 'INTEND'"));
    }
    line(format_args!("RHS"));
    for (row, value) in rhs {
        line(format_args!("    RHS {row} {value}"));
    }
    if !ranges.is_empty() {
        line(format_args!("RANGES"));
        for (row, value) in ranges {
            line(format_args!("    RNG {row} {value}"));
        }
    }
    line(format_args!("BOUNDS"));
    for column in &model.columns {
        let name = &column.name;
        match (column.lower.is_finite(), column.upper.is_finite()) {
            (true, true) if column.lower == column.upper => line(format_args!(" FX BND {name} {}", column.lower)),
            (false, false) => line(format_args!(" FR BND {name}")),
            (lower, upper) => {
                if lower {
                    line(format_args!(" LO BND {name} {}", column.lower));
                } else {
                    line(format_args!(" MI BND {name}"));
                }
                if upper {
                    line(format_args!(" UP BND {name} {}", column.upper));
                } else {
                    line(format_args!(" PL BND {name}"));
                }
            }
        }
    }
    line(format_args!("ENDATA"));
    out
}

#[cfg(test)]
mod tests {
    use crate::{Column, Model, Row};

    #[test]
    fn every_row_kind_bound_and_marker_is_written() {
        let mut model = Model::default();
        let x = model.add_column(Column::binary("x"));
        let y = model.add_column(Column {
            name: "y".into(),
            lower: -2.0,
            upper: f64::INFINITY,
            integer: false,
            objective: 3.0,
        });
        let z = model.add_column(Column { name: "z".into(), lower: 4.0, upper: 4.0, integer: true, objective: 0.0 });
        let row = |name: &str, lower, upper| Row { name: name.into(), lower, upper, terms: vec![(x, 1.0), (y, -1.5)] };
        model.rows = vec![
            row("eq", 2.0, 2.0),
            row("le", f64::NEG_INFINITY, 5.0),
            row("ge", 1.0, f64::INFINITY),
            row("range", -1.0, 3.0),
        ];
        model.rows[0].terms.push((z, 2.0));
        let mps = model.to_mps("t");
        let expected = "NAME t\nROWS\n N obj\n E eq\n L le\n G ge\n L range\nCOLUMNS\n    MARKER 'MARKER' 'INTORG'\n    x eq 1\n    x le 1\n    x ge 1\n    x range 1\n    MARKER 'MARKER' 'INTEND'\n    y obj 3\n    y eq -1.5\n    y le -1.5\n    y ge -1.5\n    y range -1.5\n    MARKER 'MARKER' 'INTORG'\n    z eq 2\n    MARKER 'MARKER' 'INTEND'\nRHS\n    RHS eq 2\n    RHS le 5\n    RHS ge 1\n    RHS range 3\nRANGES\n    RNG range 4\nBOUNDS\n LO BND x 0\n UP BND x 1\n LO BND y -2\n PL BND y\n FX BND z 4\nENDATA\n";
        assert_eq!(mps, expected);
    }
}
