# Recording stand-in for the Vivado and Quartus Tcl commands that rapgen's build scripts (and the projects FuseSoC
# generates) call, so tests can run those scripts in a plain tclsh. Usage:
#
#   tclsh vendor-standin.tcl LOG PORTS SCRIPT [ARG...]
#
# PORTS is a Tcl file that sets ::standin::ports (port name -> {direction width}) for the design's top module. Each
# vendor command appends one line to LOG: its name and arguments, tab-separated. get_ports accepts exactly what
# Vivado and Quartus would match on a bit-blasted netlist (a scalar port by name, a bus as name[*]) and fails on
# anything else, so a constraint cannot silently select nothing. Any command not defined here fails as in tclsh.

namespace eval standin {
    variable log
    variable ports
}
lassign $argv standin::log_path standin::ports_path standin::script
set standin::log [open $standin::log_path w]
source $standin::ports_path

proc standin::record {args} {
    puts $standin::log [join $args \t]
    flush $standin::log
}

foreach cmd {
    read_verilog read_xdc synth_design opt_design place_design route_design write_checkpoint
    report_utilization report_timing_summary create_clock set_input_delay set_output_delay set_property
    create_project derive_clock_uncertainty
    load_package project_new project_open project_close execute_module set_global_assignment set_instance_assignment
} {
    proc $cmd {args} "standin::record $cmd {*}\$args; return {}"
}

# Vivado object getters used as arguments of set_property.
foreach cmd {current_project current_fileset get_filesets} {
    proc $cmd {args} "standin::record $cmd {*}\$args; return $cmd"
}

proc get_ports {args} {
    if {[llength $args] != 1} { error "get_ports: expected one pattern list, got: $args" }
    set found {}
    foreach pattern [lindex $args 0] {
        if {[regexp {^(.+)\[\*\]$} $pattern -> bus]} {
            if {![dict exists $standin::ports $bus] || [lindex [dict get $standin::ports $bus] 1] < 2} {
                error "get_ports: '$pattern' is not a bus port of the top module"
            }
            lappend found $bus
        } elseif {[dict exists $standin::ports $pattern] && [lindex [dict get $standin::ports $pattern] 1] == 1} {
            lappend found $pattern
        } else {
            error "get_ports: '$pattern' is not a scalar port of the top module"
        }
    }
    standin::record get_ports {*}$found
    return $found
}

set argv [lrange $argv 3 end]
set argc [llength $argv]
set argv0 $standin::script
source $standin::script
close $standin::log
